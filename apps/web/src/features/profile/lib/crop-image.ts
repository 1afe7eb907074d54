/** The square area to keep, in pixels of the image as decoded (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Sent at twice the size the server stores (256), so its own resize has detail to work with,
 * and small enough that an upload is quick on a phone.
 */
export const CROPPED_SIZE = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });
}

/** Draws the chosen square of the picture as a JPEG of CROPPED_SIZE pixels a side. */
export async function cropToSquare(src: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = CROPPED_SIZE;
  canvas.height = CROPPED_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to crop on');
  // A transparent PNG would turn black as a JPEG: start from white.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, CROPPED_SIZE, CROPPED_SIZE);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, CROPPED_SIZE, CROPPED_SIZE);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped'))), 'image/jpeg', 0.9);
  });
}
