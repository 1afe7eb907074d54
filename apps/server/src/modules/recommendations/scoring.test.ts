import { describe, expect, it } from 'vitest';
import { contribution, seedWeight, WEIGHTS } from './scoring.js';

describe('For you scoring', () => {
  it('weighs a seed by how far the member got, and more for a like or a favourite', () => {
    expect(seedWeight({ reached: 0, liked: false, favorited: false })).toBe(WEIGHTS.WATCH);
    expect(seedWeight({ reached: 1, liked: false, favorited: false })).toBe(WEIGHTS.WATCH + WEIGHTS.REACHED);
    expect(seedWeight({ reached: 0.5, liked: true, favorited: true })).toBe(WEIGHTS.WATCH + WEIGHTS.REACHED / 2 + WEIGHTS.LIKE + WEIGHTS.FAVORITE);
    expect(seedWeight({ reached: null, liked: false, favorited: true })).toBe(WEIGHTS.FAVORITE);
    expect(seedWeight({ reached: 3, liked: false, favorited: false })).toBe(WEIGHTS.WATCH + WEIGHTS.REACHED);
  });

  it('shares a candidate’s score among seeds by their weight', () => {
    const sameCategory = contribution({ weight: 2, sameCategory: true, tagShare: 0, coWatchShare: 0 }, 4);
    expect(sameCategory).toBe(0.5 * WEIGHTS.CATEGORY);
    expect(contribution({ weight: 2, sameCategory: false, tagShare: 0.5, coWatchShare: 1 }, 2)).toBe(WEIGHTS.TAG * 0.5 + WEIGHTS.CO_WATCH);
    expect(contribution({ weight: 2, sameCategory: true, tagShare: 1, coWatchShare: 1 }, 0)).toBe(0);
  });

  it('puts a shared category above a shared tag and co-watching of a lighter seed', () => {
    const heavy = contribution({ weight: 3, sameCategory: true, tagShare: 0, coWatchShare: 0 }, 4);
    const light = contribution({ weight: 1, sameCategory: false, tagShare: 1, coWatchShare: 1 }, 4);
    expect(heavy).toBeGreaterThan(light);
  });
});
