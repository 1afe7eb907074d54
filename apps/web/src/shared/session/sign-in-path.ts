export const SIGN_IN_PATH = '/auth/sign-in';

/** The sign-in address that brings the user back to `target` (path, query and hash) afterwards. */
export function signInPathFor(target: string): string {
  return `${SIGN_IN_PATH}?redirect=${encodeURIComponent(target)}`;
}
