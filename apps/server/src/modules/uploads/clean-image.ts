import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../platform/errors.js';
import { IMAGE_EXTENSION_TYPES, type ImageType, type SniffedImage, sniffImage } from './image-sniff.js';

/** What members may send as an image: judged by content, whatever the name or declared type. */
export const ACCEPTED_IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** What sharp calls the formats the first bytes may claim. */
const SHARP_FORMATS: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export interface ImagePolicy {
  /** Names the image in refusals: "An avatar", "A screenshot". */
  noun: string;
  /** Limits on the image as sent, checked from its header before any pixel is decoded. */
  maxSide: number;
  maxPixels: number;
  /** How it is drawn again. */
  output:
    | { kind: 'square-webp'; size: number; quality: number }
    /** JPEG stays JPEG and WebP WebP; PNG and GIF become PNG (lossless, one frame). Shrunk only past maxSide. */
    | { kind: 'same-kind'; maxSide: number; quality: number };
}

/** An image the server drew: only pixels, in a type it chose. */
export interface CleanImage {
  bytes: Buffer;
  contentType: ImageType;
  extension: SniffedImage['extension'];
  width: number;
  height: number;
}

export function notAnImage(reason: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `Not a readable JPEG, PNG, WebP or GIF image: ${reason}`, {
    accepted: ACCEPTED_IMAGE_TYPES,
  });
}

function tooManyPixels(policy: ImagePolicy, width: number, height: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `${policy.noun} may be at most ${policy.maxSide} pixels a side and ${policy.maxPixels} pixels in all, not ${width}x${height}`,
    { maxSide: policy.maxSide, maxPixels: policy.maxPixels, width, height },
  );
}

function assertDimensions(policy: ImagePolicy, width: number | null | undefined, height: number | null | undefined): void {
  if (!width || !height) return;
  if (width > policy.maxSide || height > policy.maxSide || width * height > policy.maxPixels) {
    throw tooManyPixels(policy, width, height);
  }
}

/** sharp's refusal of an input past limitInputPixels. */
function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function encode(image: Sharp, policy: ImagePolicy, source: ImageType): Sharp {
  const { output } = policy;
  if (output.kind === 'square-webp') {
    return image.resize(output.size, output.size, { fit: 'cover' }).webp({ quality: output.quality });
  }
  const fitted = image.resize(output.maxSide, output.maxSide, { fit: 'inside', withoutEnlargement: true });
  switch (source) {
    case 'image/jpeg':
      // Full colour resolution: coloured text on a screenshot blurs with the usual 4:2:0.
      return fitted.jpeg({ quality: output.quality, chromaSubsampling: '4:4:4' });
    case 'image/webp':
      return fitted.webp({ quality: output.quality, smartSubsample: true });
    default:
      return fitted.png();
  }
}

/**
 * The one way an uploaded image becomes a stored one. Only what the first bytes and the decoder
 * agree is a JPEG, PNG, WebP or GIF gets that far (so SVG, whose renderer fetches and scripts,
 * is never handed to the decoder). The size is checked from the header before decoding and
 * again by the decoder's own pixel limit, so a small file that unpacks into gigabytes is never
 * unpacked. What is stored is the first frame's pixels drawn again, turned upright by its EXIF
 * orientation, with no metadata at all (EXIF with its GPS, XMP, ICC, text comments): a
 * polyglot loses whatever it hid, and a file that does not decode cleanly (truncated, or a
 * header on other content) is refused.
 */
export async function cleanImage(bytes: Buffer, policy: ImagePolicy): Promise<CleanImage> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw notAnImage('unknown format');
  assertDimensions(policy, sniffed.width, sniffed.height);
  const options = { failOn: 'warning', limitInputPixels: policy.maxPixels, pages: 1, autoOrient: true } as const;
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ format, width, height } = await sharp(bytes, options).metadata());
  } catch (error) {
    if (isPixelLimit(error)) throw tooManyPixels(policy, sniffed.width ?? 0, sniffed.height ?? 0);
    throw notAnImage('the header does not read');
  }
  if (format !== SHARP_FORMATS[sniffed.contentType]) throw notAnImage(`the content is ${format ?? 'unknown'}`);
  assertDimensions(policy, width, height);
  try {
    // Without keepMetadata() or withMetadata(), sharp writes none of the input's metadata.
    const { data, info } = await encode(sharp(bytes, options), policy, sniffed.contentType).toBuffer({ resolveWithObject: true });
    const extension = info.format === 'jpeg' ? 'jpg' : (info.format as CleanImage['extension']);
    return { bytes: data, contentType: IMAGE_EXTENSION_TYPES[extension], extension, width: info.width, height: info.height };
  } catch (error) {
    if (isPixelLimit(error)) throw tooManyPixels(policy, width ?? 0, height ?? 0);
    throw notAnImage('it does not decode');
  }
}
