/**
 * Where to go after signing in: the `redirect` query when it is a path on this site, else home.
 * Only a single leading slash passes: `//evil.example` and `/\evil.example` are other sites to a
 * browser, and `javascript:` or absolute addresses are refused outright (open-redirect guard).
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || raw.length > 2048) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Tabs, newlines and other control characters are dropped by URL parsers: '/\t/evil.example'.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === '\\')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, 'https://app.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'https://app.invalid') return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to a sign-in page would only bounce: the guard sends signed-in users home anyway.
  if (/^\/(auth|login)(\/|$)/i.test(url.pathname)) return fallback;
  return path;
}

/** The `?redirect=` to carry between the guest pages (sign in, sign up, reset), if any. */
export function redirectQuery(raw: string | null | undefined): string {
  const target = safeRedirectPath(raw, '');
  return target ? `?redirect=${encodeURIComponent(target)}` : '';
}
