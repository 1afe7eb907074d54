const BASE = 'https://app.invalid';
/** A base with a path of its own, as a page's address is when `location.assign` resolves against it. */
const DEEP_BASE = `${BASE}/a/b?c#d`;
/** How many rounds of percent-decoding are followed before a target is given up as too nested. */
const MAX_DECODE_ROUNDS = 4;
/** Characters that are not ASCII yet read as slashes or dots once normalised or rendered. */
const LOOKALIKES = /[\u2044\u2215\u29f8\u29f9\u3002\uff0e\uff0f\uff3c\ufe68\u2024\u2027]/u;

function hasControlOrBackslash(value: string): boolean {
  return [...value].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\';
  });
}

/** A non-ASCII character that normalises to URL punctuation: `／` is `/` to some readers. */
function hasPunctuationLookalike(value: string): boolean {
  if (LOOKALIKES.test(value)) return true;
  return [...value].some((char) => char.charCodeAt(0) > 0x7f && /[/\\.%:@?#\s]/.test(char.normalize('NFKC')));
}

/** Exactly one leading slash, then anything but another slash or a backslash (or nothing). */
function isSingleSlashPath(value: string): boolean {
  return value.startsWith('/') && value[1] !== '/' && value[1] !== '\\';
}

function staysOnSite(value: string): boolean {
  try {
    return new URL(value, BASE).origin === BASE && new URL(value, DEEP_BASE).origin === BASE;
  } catch {
    return false;
  }
}

/**
 * Percent-decodes every sequence that decodes, leaving the rest, so a stray `%` cannot hide
 * `%2f%2f` from the check the way it would make `decodeURIComponent` give up on the whole string.
 */
function lenientDecode(value: string): string {
  return value.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}

/** The address the app would go to: resolved like a browser does, dot segments and all. */
function resolve(value: string): URL | null {
  if (!isSingleSlashPath(value) || hasControlOrBackslash(value)) return null;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? url : null;
  } catch {
    return null;
  }
}

/** Up to the first `?` or `#`, where a browser stops reading the path. */
function pathPart(value: string): string {
  return /^[^?#]*/.exec(value)?.[0] ?? '';
}

function isGuestPage(pathname: string): boolean {
  return /^\/(auth|login)(\/|$)/i.test(pathname);
}

/**
 * Where to go after signing in: the `redirect` query when it is a path on this site, else home.
 *
 * The check runs on what the target becomes, not on how it is spelled: `/.//evil.example` and
 * `/%2e%2e//evil.example` resolve to `//evil.example`, another site to a browser, and the router
 * or a later redirect may percent-decode the path again (`/%2f%2fevil`, `%252f` twice). So the
 * target is resolved, decoded and resolved again until it stops changing, and every form it takes
 * must stay a single-slash path on this origin without backslashes or control characters
 * (`/\t/evil` loses its tab in a URL parser). The resolved form is returned, never the input.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || raw.length > 2048) return fallback;
  if (hasPunctuationLookalike(pathPart(raw))) return fallback;
  const first = resolve(raw);
  if (!first) return fallback;
  const result = `${first.pathname}${first.search}${first.hash}`;
  if (!isSingleSlashPath(result) || !staysOnSite(result) || isGuestPage(first.pathname)) return fallback;

  let current = result;
  for (let round = 0; ; round += 1) {
    const decoded = lenientDecode(current);
    if (decoded === current) break;
    if (round === MAX_DECODE_ROUNDS) return fallback;
    if (!isSingleSlashPath(decoded) || !staysOnSite(decoded)) return fallback;
    // Only the path decides where the app goes: a backslash or a tab in a search term is just text.
    const path = pathPart(decoded);
    if (hasPunctuationLookalike(path)) return fallback;
    const resolved = resolve(path);
    if (!resolved || !isSingleSlashPath(resolved.pathname) || isGuestPage(resolved.pathname)) return fallback;
    current = decoded;
  }
  return result;
}

/** The `?redirect=` to carry between the guest pages (sign in, sign up, reset), if any. */
export function redirectQuery(raw: string | null | undefined): string {
  const target = safeRedirectPath(raw, '');
  return target ? `?redirect=${encodeURIComponent(target)}` : '';
}
