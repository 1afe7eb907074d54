import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKeys } from './keys.js';
import { MediaSigner } from './media-signing.js';
import { TokenService } from './tokens.js';

const SECRET = 'a-configured-secret-that-is-long-enough';

describe('deriveKeys', () => {
  it('gives each purpose its own key, none of them the secret itself', () => {
    const keys = deriveKeys(SECRET);
    const values = Object.values(keys);
    expect(new Set(values).size).toBe(values.length);
    expect(values).not.toContain(SECRET);
    expect(deriveKeys(SECRET)).toEqual(keys);
    expect(deriveKeys(`${SECRET}!`).tokens).not.toBe(keys.tokens);
  });

  it('takes a key configured apart instead of deriving it', () => {
    const keys = deriveKeys(SECRET, { 'media-addresses': 'a-media-key-held-by-the-cdn-too-0123' });
    expect(keys['media-addresses']).toBe('a-media-key-held-by-the-cdn-too-0123');
    expect(keys.tokens).toBe(deriveKeys(SECRET).tokens);
  });

  it('refuses a token signed with the configured secret or with the media key', () => {
    const keys = deriveKeys(SECRET);
    const tokens = new TokenService(keys.tokens);
    expect(tokens.verify(tokens.sign({ userId: 7, version: 0 }))).toEqual({ userId: 7, version: 0 });
    for (const other of [SECRET, keys['media-addresses'], keys.challenges, keys['verification-codes']]) {
      expect(tokens.verify(new TokenService(other).sign({ userId: 7, version: 0 }))).toBeNull();
    }
  });

  it('refuses a media address signed with the configured secret or with the token key', () => {
    const keys = deriveKeys(SECRET);
    const media = new MediaSigner(keys['media-addresses'], 60);
    const path = '/media/episodes/9/video.mp4';
    for (const other of [SECRET, keys.tokens]) {
      const { url } = new MediaSigner(other, 60).sign(path);
      const query = new URL(url, 'http://x').searchParams;
      expect(media.verify(path, query.get('exp') ?? undefined, query.get('sig') ?? undefined)).toBe(false);
    }
    // What the old scheme signed with (an HMAC under the shared secret) is no longer a valid signature.
    const exp = String(Math.floor(Date.now() / 1000) + 60);
    const legacy = createHmac('sha256', SECRET).update(`${path}\n${exp}`).digest('base64url');
    expect(media.verify(path, exp, legacy)).toBe(false);
  });
});
