import { matchPath } from 'react-router';
import { signInPathFor } from '../shared/session/sign-in-path';
import { underArea } from './under-area';

// Spec section 4: these areas need a session whatever the route table says.
export const PROTECTED_PREFIXES = [
  '/profile',
  '/settings',
  '/points',
  '/membership',
  '/orders',
  '/history',
  '/favorites',
  '/payment',
  '/feedback',
  '/redeem',
] as const;

/** A signed-in user has no business on these; they go home. */
export const GUEST_ONLY_PATHS = [
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/verification',
  '/auth/reset-password',
  '/login',
] as const;

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

export function requiresAuth(pathname: string, authRoutes: readonly string[]): boolean {
  const path = normalise(pathname);
  return (
    PROTECTED_PREFIXES.some((prefix) => underArea(path, prefix)) ||
    authRoutes.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null)
  );
}

export function isGuestOnly(pathname: string): boolean {
  return (GUEST_ONLY_PATHS as readonly string[]).includes(normalise(pathname));
}

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string };

export interface GuardTarget {
  pathname: string;
  search: string;
  hash: string;
}


export function decideGuard(target: GuardTarget, loggedIn: boolean, authRoutes: readonly string[]): GuardDecision {
  if (!loggedIn && requiresAuth(target.pathname, authRoutes)) {
    return { type: 'redirect', to: signInPathFor(`${target.pathname}${target.search}${target.hash}`) };
  }
  if (loggedIn && isGuestOnly(target.pathname)) return { type: 'redirect', to: '/' };
  return { type: 'allow' };
}
