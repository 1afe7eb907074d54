import type { Upload } from '@drama/contracts';

export type ImageType = Upload['contentType'];

export interface SniffedImage {
  contentType: ImageType;
  extension: 'jpg' | 'png' | 'webp' | 'gif';
  /** From the header when it sits in the bytes given; null otherwise. */
  width: number | null;
  height: number | null;
}

/** Bytes that are enough to tell every accepted type apart. */
export const SNIFF_MIN_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function positive(value: number): number | null {
  return Number.isInteger(value) && value > 0 ? value : null;
}

function ascii(bytes: Buffer, start: number, length: number): string {
  return bytes.toString('latin1', start, start + length);
}

function pngSize(bytes: Buffer): [number | null, number | null] {
  // The IHDR chunk comes first: length (4), "IHDR" (4), width (4), height (4).
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return [null, null];
  return [positive(bytes.readUInt32BE(16)), positive(bytes.readUInt32BE(20))];
}

function gifSize(bytes: Buffer): [number | null, number | null] {
  if (bytes.length < 10) return [null, null];
  return [positive(bytes.readUInt16LE(6)), positive(bytes.readUInt16LE(8))];
}

function webpSize(bytes: Buffer): [number | null, number | null] {
  const chunk = bytes.length >= 16 ? ascii(bytes, 12, 4) : '';
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return [positive(bytes.readUIntLE(24, 3) + 1), positive(bytes.readUIntLE(27, 3) + 1)];
  }
  if (chunk === 'VP8 ' && bytes.length >= 30 && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return [positive(bytes.readUInt16LE(26) & 0x3fff), positive(bytes.readUInt16LE(28) & 0x3fff)];
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return [positive((bits & 0x3fff) + 1), positive(((bits >> 14) & 0x3fff) + 1)];
  }
  return [null, null];
}

/** Walks the JPEG markers up to the first start-of-frame, which holds the size. */
function jpegSize(bytes: Buffer): [number | null, number | null] {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return [null, null];
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return [positive(bytes.readUInt16BE(offset + 7)), positive(bytes.readUInt16BE(offset + 5))];
    if (marker === 0xd9 || marker === 0xda) return [null, null];
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return [null, null];
}

/**
 * What image the bytes hold, judged by their content alone (never by a file name or a declared
 * type): JPEG, PNG, WebP or GIF, or null for anything else.
 */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const [width, height] = jpegSize(bytes);
    return { contentType: 'image/jpeg', extension: 'jpg', width, height };
  }
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const [width, height] = pngSize(bytes);
    return { contentType: 'image/png', extension: 'png', width, height };
  }
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) {
    const [width, height] = gifSize(bytes);
    return { contentType: 'image/gif', extension: 'gif', width, height };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    const [width, height] = webpSize(bytes);
    return { contentType: 'image/webp', extension: 'webp', width, height };
  }
  return null;
}

export const IMAGE_EXTENSION_TYPES: Record<SniffedImage['extension'], ImageType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
