import { describe, expect, it } from 'vitest';
import { ladderFor } from './transcode.js';

describe('the HLS ladder for a source', () => {
  it('keeps the rungs a vertical source can fill, named for their short side, 9:16 kept', () => {
    expect(ladderFor({ width: 720, height: 1280 }, [360, 540, 720]).map((rung) => [rung.name, rung.width, rung.height])).toEqual([
      ['360p', 360, 640],
      ['540p', 540, 960],
      ['720p', 720, 1280],
    ]);
    expect(ladderFor({ width: 540, height: 960 }, [360, 540, 720]).map((rung) => rung.name)).toEqual(['360p', '540p']);
  });

  it('scales a landscape source by its height, and gives a source smaller than every rung one of its own size', () => {
    expect(ladderFor({ width: 1920, height: 1080 }, [360, 720]).map((rung) => [rung.width, rung.height])).toEqual([
      [640, 360],
      [1280, 720],
    ]);
    expect(ladderFor({ width: 201, height: 357 }, [360]).map((rung) => [rung.name, rung.width, rung.height])).toEqual([['202p', 202, 358]]);
  });
});
