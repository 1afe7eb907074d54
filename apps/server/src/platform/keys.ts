import { hkdfSync } from 'node:crypto';

/** What each key signs; the name is the HKDF `info`, so no two purposes share a key. */
const PURPOSES = ['tokens', 'media-addresses', 'verification-codes', 'challenges'] as const;
type Purpose = (typeof PURPOSES)[number];

/** One key per kind of signature, so a signature of one kind is never valid as another. */
export type AppKeys = Record<Purpose, string>;

/**
 * Derives the app's keys from its one configured secret (JWT_SECRET, or the one kept under
 * DATA_DIR). A media address, a code hash or a solved challenge then cannot stand in for a
 * token, and a key that leaks from one of them (a CDN that checks media signatures holds its
 * own) forges nothing else. `apart` holds keys configured on their own, which win.
 */
export function deriveKeys(secret: string, apart: Partial<AppKeys> = {}): AppKeys {
  const derive = (purpose: Purpose) =>
    apart[purpose] ?? Buffer.from(hkdfSync('sha256', secret, 'drama', `drama:${purpose}`, 32)).toString('base64url');
  return Object.fromEntries(PURPOSES.map((purpose) => [purpose, derive(purpose)])) as AppKeys;
}
