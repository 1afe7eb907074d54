import { AVATAR_LIMITS } from '@drama/contracts';
import sharp from 'sharp';
import { AppError } from '../../platform/errors.js';
import { sniffImage } from '../uploads/image-sniff.js';

/** What sharp calls the formats the first bytes may claim. */
const SHARP_FORMATS: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const WEBP_QUALITY = 82;

function notAnImage(reason: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `Not a readable JPEG, PNG, WebP or GIF image: ${reason}`, {
    accepted: AVATAR_LIMITS.types,
  });
}

function tooManyPixels(width: number, height: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `An avatar may be at most ${AVATAR_LIMITS.maxSide} pixels a side and ${AVATAR_LIMITS.maxPixels} pixels in all, not ${width}x${height}`,
    { maxSide: AVATAR_LIMITS.maxSide, maxPixels: AVATAR_LIMITS.maxPixels },
  );
}

function assertDimensions(width: number | null | undefined, height: number | null | undefined): void {
  if (!width || !height) return;
  if (width > AVATAR_LIMITS.maxSide || height > AVATAR_LIMITS.maxSide || width * height > AVATAR_LIMITS.maxPixels) {
    throw tooManyPixels(width, height);
  }
}

/**
 * The avatar as it is stored: the sent image decoded in full and drawn again as a square WebP
 * of AVATAR_LIMITS.size pixels, with no metadata. Only what the first bytes and the decoder
 * agree is a JPEG, PNG, WebP or GIF gets that far (so SVG, whose renderer fetches and scripts,
 * is never handed to the decoder); a file that does not decode cleanly (truncated, or a
 * header on other content) is refused, and a polyglot loses whatever it hid, since only its
 * pixels are kept. Sizes are checked from the header before decoding and again by the
 * decoder's own pixel limit, so a small file that unpacks into gigabytes is never unpacked.
 */
export async function normalizeAvatar(bytes: Buffer): Promise<Buffer> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw notAnImage('unknown format');
  assertDimensions(sniffed.width, sniffed.height);
  const options = { failOn: 'warning', limitInputPixels: AVATAR_LIMITS.maxPixels, pages: 1, autoOrient: true } as const;
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ format, width, height } = await sharp(bytes, options).metadata());
  } catch {
    throw notAnImage('the header does not read');
  }
  if (format !== SHARP_FORMATS[sniffed.contentType]) throw notAnImage(`the content is ${format ?? 'unknown'}`);
  assertDimensions(width, height);
  try {
    return await sharp(bytes, options)
      .resize(AVATAR_LIMITS.size, AVATAR_LIMITS.size, { fit: 'cover' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(width ?? 0, height ?? 0);
    throw notAnImage('it does not decode');
  }
}
