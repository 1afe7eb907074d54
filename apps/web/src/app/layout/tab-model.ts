import { PROTECTED_PREFIXES } from '../guard';
import { underArea } from '../under-area';

export const TAB_KEYS = ['home', 'category', 'explore', 'profile'] as const;
export type TabKey = (typeof TAB_KEYS)[number];

export const TAB_PATHS: Record<TabKey, string> = {
  home: '/',
  category: '/category',
  explore: '/explore',
  profile: '/profile',
};

// Spec section 2: the "me" tab stays lit on everything reached from it: every area that needs a
// session, and the sign-in pages, the legal texts, customer service and about.
const PROFILE_AREAS = [...PROTECTED_PREFIXES, '/auth', '/legal', '/support', '/about'];
// The spec hides the bar on /auth/login and /auth/register, the old names of the sign-in and
// sign-up pages (DESIGN.md section 4): every auth page is a full-screen form with its own way back.
const HIDDEN_AREAS = ['/auth', '/player'];

export function activeTab(pathname: string): TabKey | null {
  if (pathname === '/') return 'home';
  if (underArea(pathname, '/category')) return 'category';
  if (underArea(pathname, '/explore')) return 'explore';
  if (PROFILE_AREAS.some((area) => underArea(pathname, area))) return 'profile';
  return null;
}

/** Hidden where it would cover the content: the player and the full-screen auth pages. */
export function isTabBarHidden(pathname: string): boolean {
  return HIDDEN_AREAS.some((area) => underArea(pathname, area));
}

// The pages made of covers use a wide screen's width; forms and lists stay a readable column.
const WIDE_AREAS = ['/category', '/explore', '/search', '/dramas'];

export function isWidePage(pathname: string): boolean {
  return pathname === '/' || WIDE_AREAS.some((area) => underArea(pathname, area));
}
