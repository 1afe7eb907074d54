import { describe, expect, it } from 'vitest';
import { coverVariantUrl } from './constants.js';

describe('coverVariantUrl', () => {
  it('maps a cover of the media server, with or without a media host, to its variant', () => {
    expect(coverVariantUrl('/media/covers/cold-palace.jpg', 320)).toBe('/media/covers/w320/cold-palace.jpg.webp');
    expect(coverVariantUrl('https://cdn.example.com/media/covers/a.PNG', 160)).toBe(
      'https://cdn.example.com/media/covers/w160/a.PNG.webp',
    );
  });

  it('gives nothing for addresses the media server does not resize', () => {
    expect(coverVariantUrl('https://elsewhere.example.com/poster.jpg', 320)).toBeNull();
    expect(coverVariantUrl('/media/covers/sub/a.jpg', 320)).toBeNull();
    expect(coverVariantUrl('/media/covers/a.gif', 320)).toBeNull();
    expect(coverVariantUrl('/media/covers/a.jpg?v=2', 320)).toBeNull();
    // Names the media server refuses: hidden, or too long for its limit.
    expect(coverVariantUrl('/media/covers/.a.jpg', 320)).toBeNull();
    expect(coverVariantUrl(`/media/covers/${'a'.repeat(191)}.jpg`, 320)).toBeNull();
    expect(coverVariantUrl(`/media/covers/${'a'.repeat(190)}.jpg`, 320)).not.toBeNull();
  });
});
