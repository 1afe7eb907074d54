import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media addresses: an HMAC over the path and an expiry, so that a locked episode's
 * address can be handed to one VIP member and refuses to work once altered or expired.
 */
export class MediaSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
  ) {}

  sign(pathname: string, now = Date.now()): { url: string; expiresAt: Date } {
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    const signature = this.signature(pathname, expires);
    return { url: `${pathname}?exp=${expires}&sig=${signature}`, expiresAt: new Date(expires * 1000) };
  }

  verify(pathname: string, exp: string | undefined, sig: string | undefined, now = Date.now()): boolean {
    // Digits only, without leading zeros: one expiry has one spelling, so an address cannot be varied.
    if (!exp || !sig || !/^[1-9]\d{0,11}$/.test(exp)) return false;
    const expires = Number(exp);
    if (expires * 1000 < now) return false;
    const expected = Buffer.from(this.signature(pathname, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(pathname: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${pathname}\n${expires}`).digest('base64url');
  }
}
