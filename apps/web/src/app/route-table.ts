import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@drama/contracts';
import type { ComponentType } from 'react';
import { prefetchHome } from '../features/home/api/prefetch-home';
import { prefetchPlayer } from '../features/player/api/prefetch-player';
import type { TranslationKey } from '../shared/i18n/i18n';
import type { RouteHandle, Transition } from '../shared/navigation/route-handle';

export interface AppRoute extends RouteHandle {
  path: string;
  /** Loaded on first visit only, so each page ships in its own chunk. */
  page: () => Promise<ComponentType>;
  /** Starts the page's first calls in parallel with loading its code. */
  prefetch?: (queryClient: QueryClient, locale: Locale, params: Record<string, string | undefined>) => void;
}

const home = () => import('../features/home/pages/home-page').then((m) => m.HomePage);
const settings = () => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage);
const language = () => import('../features/settings/pages/language-page').then((m) => m.LanguagePage);
const changePassword = () =>
  import('../features/settings/pages/change-password-page').then((m) => m.ChangePasswordPage);
const bindPhone = () => import('../features/settings/pages/bind-phone-page').then((m) => m.BindPhonePage);
const bindEmail = () => import('../features/settings/pages/bind-email-page').then((m) => m.BindEmailPage);
const signIn = () => import('../features/auth/pages/sign-in-page').then((m) => m.SignInPage);
const signUp = () => import('../features/auth/pages/sign-up-page').then((m) => m.SignUpPage);
const resetPassword = () => import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage);
const verification = () => import('../features/auth/pages/verification-page').then((m) => m.VerificationPage);
const profile = () => import('../features/profile/pages/profile-page').then((m) => m.ProfilePage);
const player = () => import('../features/player/pages/player-page').then((m) => m.PlayerPage);
// Screens built by later work share one placeholder chunk until then.
const soon = () => import('../features/placeholder/pages/coming-soon-page').then((m) => m.ComingSoonPage);

type Entry = [path: string, auth: boolean, titleKey: TranslationKey | undefined, transition: Transition, page: AppRoute['page']];

// The route table of spec section 2, in its order. Sub-pages slide in from the right;
// tab roots, the player and the guest pages fade.
const TABLE: Entry[] = [
  ['/', false, undefined, 'fade', home],
  ['/auth/sign-in', false, 'routes.signIn', 'fade', signIn],
  ['/auth/sign-up', false, 'routes.signUp', 'slide-left', signUp],
  ['/auth/verification', false, 'routes.verification', 'slide-left', verification],
  ['/auth/reset-password', false, 'routes.resetPassword', 'slide-left', resetPassword],
  ['/profile', true, 'routes.profile', 'fade', profile],
  ['/settings', true, 'routes.settings', 'slide-left', settings],
  ['/settings/change-password', true, 'routes.changePassword', 'slide-left', changePassword],
  ['/settings/language', true, 'routes.language', 'slide-left', language],
  ['/settings/bind-phone', true, 'routes.bindPhone', 'slide-left', bindPhone],
  ['/settings/bind-email', true, 'routes.bindEmail', 'slide-left', bindEmail],
  ['/player/:id', false, 'routes.player', 'fade', player],
  ['/category', false, 'routes.category', 'fade', soon],
  ['/search', false, 'routes.search', 'fade', soon],
  ['/history', true, 'routes.history', 'slide-left', soon],
  ['/favorites', true, 'routes.favorites', 'slide-left', soon],
  ['/membership', true, 'routes.membership', 'slide-left', soon],
  ['/membership/payment', true, 'routes.membershipPayment', 'slide-left', soon],
  ['/orders', true, 'routes.orders', 'slide-left', soon],
  ['/orders/:id', true, 'routes.orderDetail', 'slide-left', soon],
  ['/payment', true, 'routes.payment', 'slide-left', soon],
  ['/payment/result', true, 'routes.paymentResult', 'slide-left', soon],
  ['/points', true, 'routes.points', 'slide-left', soon],
  ['/points/tasks', true, 'routes.pointsTasks', 'slide-left', soon],
  ['/points/mall', true, 'routes.pointsMall', 'slide-left', soon],
  ['/points/records', true, 'routes.pointsRecords', 'slide-left', soon],
  ['/legal/agreement', false, 'routes.agreement', 'slide-left', soon],
  ['/legal/privacy', false, 'routes.privacy', 'slide-left', soon],
  ['/redeem', true, 'routes.redeem', 'slide-left', soon],
  ['/redeem/records', true, 'routes.redeemRecords', 'slide-left', soon],
  ['/explore', false, 'routes.explore', 'fade', soon],
  ['/feedback', true, 'routes.feedback', 'slide-left', soon],
  ['/dramas/tag/:tagName', false, 'routes.tag', 'slide-left', soon],
];

const TAB_ROOTS = new Set(['/', '/category', '/explore', '/profile']);

const PREFETCH: Record<string, AppRoute['prefetch']> = {
  '/': prefetchHome,
  '/player/:id': prefetchPlayer,
};

export const APP_ROUTES: readonly AppRoute[] = TABLE.map(([path, auth, titleKey, transition, page]) => ({
  path,
  auth,
  titleKey,
  transition,
  tabRoot: TAB_ROOTS.has(path),
  page,
  prefetch: PREFETCH[path],
}));

/**
 * Old addresses kept working. `/login` is in the spec's table; `/auth/login` and
 * `/auth/register` are the names the spec's tab-bar rule still uses.
 */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/login', to: '/auth/sign-in' },
  { from: '/auth/login', to: '/auth/sign-in' },
  { from: '/auth/register', to: '/auth/sign-up' },
];

export const NOT_FOUND_HANDLE: RouteHandle = { auth: false, titleKey: 'routes.notFound', transition: 'fade' };
