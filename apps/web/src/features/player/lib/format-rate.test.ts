import { describe, expect, it } from 'vitest';
import { SPEEDS } from '../components/player-chrome';
import { formatRate } from './format-time';

describe('formatRate', () => {
  it('spells each speed of the menu one way, with at least one decimal', () => {
    expect(SPEEDS.map(formatRate)).toEqual(['0.75', '1.0', '1.25', '1.5', '2.0']);
  });
});
