import { COVER_MIN_HEIGHT, COVER_MIN_WIDTH, type CoverCrop } from '@drama/contracts';

/** A cover is 3 wide for 4 high. */
export const COVER_ASPECT = 3 / 4;

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The crop rectangle the server takes (whole source pixels, inside the image, as close to 3:4
 * as rounding allows) from the cropper's area, which may be fractional or a hair outside the
 * image after zooming.
 */
export function coverCrop(area: Area, image: { width: number; height: number }): CoverCrop {
  let width = Math.min(Math.round(area.width), image.width);
  let height = Math.min(Math.round(area.height), image.height);
  // Keep 3:4 when clamping shortened one side.
  if (width / height > COVER_ASPECT) width = Math.round(height * COVER_ASPECT);
  else height = Math.min(Math.round(width / COVER_ASPECT), image.height);
  const x = Math.min(Math.max(0, Math.round(area.x)), image.width - width);
  const y = Math.min(Math.max(0, Math.round(area.y)), image.height - height);
  return { x, y, width, height };
}

/** The server refuses a crop smaller than a cover: say so before uploading. */
export function cropLargeEnough(crop: CoverCrop): boolean {
  return crop.width >= COVER_MIN_WIDTH - 1 && crop.height >= COVER_MIN_HEIGHT - 1;
}

/** The largest centred 3:4 rectangle of an image: the crop before the operator moves it. */
export function centredCoverCrop(image: { width: number; height: number }): CoverCrop {
  const width = Math.min(image.width, Math.floor(image.height * COVER_ASPECT));
  const height = Math.min(image.height, Math.round(width / COVER_ASPECT));
  return { x: Math.floor((image.width - width) / 2), y: Math.floor((image.height - height) / 2), width, height };
}
