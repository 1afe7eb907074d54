import { currentPath, navigateTo } from '../navigation/navigator';
import { clearUserData } from './session-store';
import { SIGN_IN_PATH, signInPathFor } from './sign-in-path';

export type UnauthorizedAction = 'redirect' | 'keep' | 'clear';

// Spec section 8: a 401 on a member area clears the user and sends them to sign in; on the
// catalogue (episodes, dramas, play) it changes nothing; anywhere else it clears the user.
const REDIRECT_AREAS = [
  '/client/favorites',
  // Profile and account settings: me, password, bind phone and email.
  '/client/user',
  '/client/settings',
  '/client/points',
  '/client/membership',
  '/client/orders',
  '/client/watch-records',
  '/client/payments',
  // Codes that need a session are the bind codes of the settings pages.
  '/client/auth/codes',
];
const KEEP_AREAS = ['/client/episodes', '/client/dramas', '/dramas'];
// A 401 from these means wrong credentials, not an expired session; signing out clears the
// session itself, whatever the server says.
const LOGIN_PATHS = ['/client/auth/sign-in', '/client/auth/sign-up', '/client/auth/reset-password', '/client/auth/sign-out'];

function within(path: string, area: string): boolean {
  return path === area || path.startsWith(`${area}/`);
}

export function unauthorizedAction(apiPath: string): UnauthorizedAction {
  const path = apiPath.split('?')[0] ?? apiPath;
  if (LOGIN_PATHS.includes(path)) return 'keep';
  if (KEEP_AREAS.some((area) => within(path, area)) || /\/play$/.test(path)) return 'keep';
  if (REDIRECT_AREAS.some((area) => within(path, area))) return 'redirect';
  return 'clear';
}

/** The app's 401 policy, handed to the API client when it is created. */
export function handleUnauthorized(event: { path: string }): void {
  const action = unauthorizedAction(event.path);
  if (action === 'keep') return;
  clearUserData();
  if (action === 'redirect' && !window.location.pathname.startsWith(SIGN_IN_PATH)) {
    navigateTo(signInPathFor(currentPath()), { replace: true });
  }
}
