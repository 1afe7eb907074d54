import { describe, expect, it } from 'vitest';
import { episodeBarColor, funnelPalette, viewersSeriesColor } from './chart-colors';

const palette = funnelPalette({ colorPrimary: '#e3173f', colorWarning: '#faad14', colorError: '#ff4d4f' });

describe('funnel chart colours', () => {
  it('colours each bar by what the episode is', () => {
    expect(episodeBarColor({ episodeId: 1, isFree: true }, 3, palette)).toBe('#e3173f');
    expect(episodeBarColor({ episodeId: 2, isFree: false }, 3, palette)).toBe('#faad14');
    expect(episodeBarColor({ episodeId: 3, isFree: false }, 3, palette)).toBe('#ff4d4f');
    expect(episodeBarColor({ episodeId: 3, isFree: true }, undefined, palette)).toBe('#e3173f');
  });

  it("gives the Viewers legend the series' colour, the free episodes' bars, never none", () => {
    expect(viewersSeriesColor(palette)).toBe(episodeBarColor({ episodeId: 1, isFree: true }, undefined, palette));
    expect(viewersSeriesColor(palette)).toMatch(/^#[0-9a-f]{6}$/i);
  });
});
