import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Chrome fetches the manifest's 192 px icon on every first visit, at high priority and before
// the covers, and the service worker precaches the rest: on a phone's network each of them
// competes with the first screen. Palette PNGs (libimagequant at quality 90) are a quarter of
// the size of the full-colour ones and look the same at these sizes.
const publicDir = new URL('../../public/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.webmanifest', publicDir), 'utf8')) as {
  icons: { src: string; sizes: string; type: string }[];
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: URL): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** About 0.25 bytes a pixel: a full-colour PNG of these icons is 0.7 to 1.0. */
const BYTES_PER_PIXEL_BUDGET = 0.25;

describe('the manifest icons', () => {
  it.each(manifest.icons.map((icon) => [icon.src, icon] as const))('%s is the size it claims and stays light', (_, icon) => {
    const file = new URL(`.${icon.src}`, publicDir);
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(file)).toEqual({ width, height });
    expect(statSync(file).size).toBeLessThan((width ?? 0) * (height ?? 0) * BYTES_PER_PIXEL_BUDGET);
  });

  it('include the 192 and 512 px icons an install needs', () => {
    const sizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});
