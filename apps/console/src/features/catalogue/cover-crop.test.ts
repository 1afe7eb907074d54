import { describe, expect, it } from 'vitest';
import { centredCoverCrop, coverCrop, cropLargeEnough } from './cover-crop';

describe('coverCrop', () => {
  it('rounds a fractional area to whole pixels at 3:4', () => {
    expect(coverCrop({ x: 10.4, y: 20.6, width: 300.2, height: 400.3 }, { width: 1000, height: 1000 })).toEqual({ x: 10, y: 21, width: 300, height: 400 });
  });

  it('keeps the rectangle inside the image after zooming past its edge', () => {
    const crop = coverCrop({ x: -3, y: 905, width: 600, height: 800 }, { width: 600, height: 1600 });
    expect(crop).toEqual({ x: 0, y: 800, width: 600, height: 800 });
  });

  it('keeps 3:4 when clamping shortens a side', () => {
    const crop = coverCrop({ x: 0, y: 0, width: 900, height: 1200 }, { width: 900, height: 1000 });
    expect(crop.height).toBe(1000);
    expect(crop.width).toBe(750);
    expect(crop.x + crop.width).toBeLessThanOrEqual(900);
  });

  it('tells a crop too small for a cover', () => {
    expect(cropLargeEnough({ x: 0, y: 0, width: 300, height: 400 })).toBe(true);
    expect(cropLargeEnough({ x: 0, y: 0, width: 299, height: 399 })).toBe(true);
    expect(cropLargeEnough({ x: 0, y: 0, width: 240, height: 320 })).toBe(false);
  });

  it('centres the largest 3:4 rectangle of a wide image', () => {
    expect(centredCoverCrop({ width: 1600, height: 900 })).toEqual({ x: 462, y: 0, width: 675, height: 900 });
    expect(centredCoverCrop({ width: 600, height: 1600 })).toEqual({ x: 0, y: 400, width: 600, height: 800 });
  });
});
