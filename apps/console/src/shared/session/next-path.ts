/**
 * Where sign-in leads back to: a path inside the console from the `next` parameter, never
 * another origin ("//evil.example") nor the sign-in page itself.
 */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/^\/(sign-in|setup)(\/|\?|$)/.test(next)) return '/';
  return next;
}

/** The sign-in address that comes back to `path` (relative to /console/) afterwards. */
export function signInPath(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
}
