import sharp from 'sharp';

export type Rgb = readonly [red: number, green: number, blue: number];

/** A PNG made here, pixel by pixel: a real picture for the avatar upload and crop to work on. */
export function paintedPng(width: number, height: number, colourAt: (x: number, y: number) => Rgb): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      pixels.set(colourAt(x, y), (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
