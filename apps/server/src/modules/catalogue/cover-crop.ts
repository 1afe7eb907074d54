import { COVER_MAX_WIDTH, COVER_MIN_HEIGHT, COVER_MIN_WIDTH, COVER_UPLOAD_TYPES, type CoverCrop } from '@drama/contracts';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../platform/errors.js';

const FORMATS = new Set(['jpeg', 'png', 'webp']);
const JPEG_QUALITY = 85;

/** The largest exactly 3:4 box (whole pixels, width a multiple of 3) centred in `crop`. */
export function threeByFour(crop: CoverCrop): CoverCrop {
  const unit = Math.floor(Math.min(crop.width / 3, crop.height / 4));
  const width = unit * 3;
  const height = unit * 4;
  return {
    x: crop.x + Math.floor((crop.width - width) / 2),
    y: crop.y + Math.floor((crop.height - height) / 2),
    width,
    height,
  };
}

/**
 * Cuts a cover out of an uploaded image: the crop (in the pixels of the image as it is shown,
 * its EXIF orientation applied, as a browser cropper sees it) narrowed to exactly 3:4, scaled
 * down to at most COVER_MAX_WIDTH, written as a JPEG without the upload's metadata (sharp keeps
 * none unless asked: no camera, place or editing history goes out with a cover).
 */
export async function cropCover(input: Buffer, crop: CoverCrop): Promise<{ data: Buffer; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new AppError('COVER_NOT_IMAGE', 'The file is not an image', { accepted: COVER_UPLOAD_TYPES });
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError('COVER_NOT_IMAGE', 'A cover must be a JPEG, PNG or WebP image', { accepted: COVER_UPLOAD_TYPES });
  }
  // Orientations 5 to 8 turn the picture a quarter: the shown width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const tooSmall = { minWidth: COVER_MIN_WIDTH, minHeight: COVER_MIN_HEIGHT };
  if (width < COVER_MIN_WIDTH || height < COVER_MIN_HEIGHT) {
    throw new AppError('COVER_TOO_SMALL', `The image is ${width}×${height}; a cover needs at least ${COVER_MIN_WIDTH}×${COVER_MIN_HEIGHT}`, {
      ...tooSmall,
      width,
      height,
    });
  }
  if (crop.x + crop.width > width || crop.y + crop.height > height) {
    throw new AppError('COVER_CROP_INVALID', 'The crop reaches outside the image', { width, height });
  }
  const box = threeByFour(crop);
  if (box.width < COVER_MIN_WIDTH || box.height < COVER_MIN_HEIGHT) {
    throw new AppError('COVER_TOO_SMALL', `The crop is too small; a cover needs at least ${COVER_MIN_WIDTH}×${COVER_MIN_HEIGHT}`, tooSmall);
  }
  const outWidth = Math.min(COVER_MAX_WIDTH, box.width);
  const outHeight = (outWidth / 3) * 4;
  try {
    const { data, info } = await sharp(input)
      .rotate()
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .resize({ width: outWidth, height: outHeight, fit: 'fill' })
      .flatten({ background: '#000000' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    // Decodable headers over a broken body: still the upload's fault, not the server's.
    throw new AppError('COVER_NOT_IMAGE', 'The image could not be read', { accepted: COVER_UPLOAD_TYPES });
  }
}
