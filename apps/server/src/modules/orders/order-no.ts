import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a number read out loud or copied by hand survives.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new order number: the UTC date, then 16 random base32 characters (80 bits), e.g.
 * `20260115K7M2Q9XR4T6BW3NZ`. 24 characters of [0-9A-Z], within both channels' limits
 * (Alipay 64, WeChat Pay 32), and not guessable from another member's.
 */
export function newOrderNo(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  const bytes = randomBytes(16);
  let random = '';
  for (const byte of bytes) random += ALPHABET[byte & 31];
  return `${date}${random}`;
}
