import { randomInt } from 'node:crypto';

/**
 * The letters of a redeem code: capitals, small letters and digits without the look-alikes
 * 0/O/o, 1/I/l. Codes are case-sensitive, so both cases count: 56 symbols, 12 of them make
 * about 70 bits, far beyond guessing at the rate the redeem call allows.
 */
export const REDEEM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const REDEEM_CODE_GROUPS = 3;
export const REDEEM_CODE_GROUP_LENGTH = 4;

/** A new code as printed: groups of four joined by dashes, e.g. `Hq7x-Kp2M-wz9R`. */
export function newRedeemCode(random: (max: number) => number = randomInt): string {
  const groups: string[] = [];
  for (let g = 0; g < REDEEM_CODE_GROUPS; g += 1) {
    let group = '';
    for (let i = 0; i < REDEEM_CODE_GROUP_LENGTH; i += 1) group += REDEEM_CODE_ALPHABET[random(REDEEM_CODE_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/**
 * What identifies a code: the dashes are only there to help reading it, and a pasted code
 * may carry spaces, so both are dropped. Letter case is kept: codes are case-sensitive.
 */
export function redeemCodeKey(input: string): string {
  return input.replace(/[\s-]/g, '');
}
