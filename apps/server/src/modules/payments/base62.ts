/** Digits, then upper case, then lower case: the letters any URL parameter carries as they are. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = 62n;

/**
 * Bytes as base62 ([0-9A-Za-z] only). A leading 0x01 byte is encoded with them, so that leading
 * zero bytes survive the trip through one big number.
 */
export function base62Encode(bytes: Uint8Array): string {
  let value = BigInt(`0x01${Buffer.from(bytes).toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % BASE)] + text;
    value /= BASE;
  }
  return text;
}

/** The bytes of a base62 text base62Encode made; null for anything else (other letters, or another spelling of the same number). */
export function base62Decode(text: string): Buffer | null {
  if (!/^[0-9A-Za-z]+$/.test(text)) return null;
  let value = 0n;
  for (const letter of text) value = value * BASE + BigInt(ALPHABET.indexOf(letter));
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  const marked = Buffer.from(hex, 'hex');
  if (marked[0] !== 1) return null;
  const bytes = marked.subarray(1);
  // One spelling per value: a text with leading zeros is not one this encoder made.
  return base62Encode(bytes) === text ? bytes : null;
}
