import { describe, expect, it } from 'vitest';
import { MediaSigner } from './media-signing.js';

const signer = new MediaSigner('a-secret-that-is-long-enough-for-tests', 60);

function parts(url: string) {
  const parsed = new URL(url, 'http://x');
  return { path: parsed.pathname, exp: parsed.searchParams.get('exp') ?? undefined, sig: parsed.searchParams.get('sig') ?? undefined };
}

describe('MediaSigner', () => {
  it('accepts its own signature until it expires', () => {
    const now = Date.now();
    const { url, expiresAt } = signer.sign('/media/episodes/7/video.mp4', now);
    const { path, exp, sig } = parts(url);
    expect(signer.verify(path, exp, sig, now)).toBe(true);
    expect(expiresAt.getTime()).toBe(Math.floor(now / 1000) * 1000 + 60_000);
    expect(signer.verify(path, exp, sig, now + 61_000)).toBe(false);
  });

  it('refuses another path, a changed expiry, another secret or a missing part', () => {
    const { path, exp, sig } = parts(signer.sign('/media/episodes/7/video.mp4').url);
    expect(signer.verify('/media/episodes/8/video.mp4', exp, sig)).toBe(false);
    expect(signer.verify(path, String(Number(exp) + 1), sig)).toBe(false);
    expect(new MediaSigner('another-secret-that-is-long-enough!!', 60).verify(path, exp, sig)).toBe(false);
    expect(signer.verify(path, undefined, sig)).toBe(false);
    expect(signer.verify(path, exp, undefined)).toBe(false);
    expect(signer.verify(path, '12abc', sig)).toBe(false);
  });
});
