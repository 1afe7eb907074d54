import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-sniff.js';

function jpeg(width: number, height: number, options: { exifBytes?: number } = {}): Buffer {
  const soi = Buffer.from([0xff, 0xd8]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const exifLength = (options.exifBytes ?? 0) + 2;
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, exifLength >> 8, exifLength & 0xff]), Buffer.alloc(exifLength - 2)]);
  // DHT before the frame: a marker in the C4 slot that is not a start-of-frame.
  const dht = Buffer.from([0xff, 0xc4, 0x00, 0x03, 0x00]);
  const sof2 = Buffer.from([0xff, 0xc2, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]);
  return Buffer.concat([soi, app0, app1, dht, sof2, Buffer.alloc(9), Buffer.from([0xff, 0xd9])]);
}

function webp(chunk: 'VP8 ' | 'VP8L', width: number, height: number): Buffer {
  const bytes = Buffer.alloc(32);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(24, 4);
  bytes.write('WEBP', 8, 'latin1');
  bytes.write(chunk, 12, 'latin1');
  if (chunk === 'VP8 ') {
    bytes.set([0x9d, 0x01, 0x2a], 23);
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
  } else {
    bytes[20] = 0x2f;
    bytes.writeUInt32LE(((height - 1) << 14) | (width - 1), 21);
  }
  return bytes;
}

describe('sniffImage', () => {
  it('reads a JPEG’s size from its frame header, past APP segments and tables', () => {
    expect(sniffImage(jpeg(1170, 2532, { exifBytes: 300 }))).toEqual({
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: 1170,
      height: 2532,
    });
  });

  it('knows a JPEG whose frame header lies beyond the bytes given, without its size', () => {
    const head = jpeg(100, 100, { exifBytes: 60_000 }).subarray(0, 1024);
    expect(sniffImage(head)).toEqual({ contentType: 'image/jpeg', extension: 'jpg', width: null, height: null });
  });

  it('reads lossy and lossless WebP sizes', () => {
    expect(sniffImage(webp('VP8 ', 390, 844))).toMatchObject({ contentType: 'image/webp', width: 390, height: 844 });
    expect(sniffImage(webp('VP8L', 16, 9))).toMatchObject({ contentType: 'image/webp', width: 16, height: 9 });
  });

  it('is not fooled by names, text, HTML, SVG or a RIFF that is not WebP', () => {
    const riffWave = Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1');
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('just some text that is long enough'),
      Buffer.from('%PDF-1.7\n'),
      riffWave,
      Buffer.from([0xff, 0xd8]),
      Buffer.alloc(0),
    ]) {
      expect(sniffImage(bytes)).toBeNull();
    }
  });
});
