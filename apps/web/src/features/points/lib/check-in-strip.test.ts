import { CHECK_IN_REWARDS } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { checkInStrip, type StripDay } from './check-in-strip';

/** "d" done, "T" today to do, "D" today done, "." ahead. */
function picture(strip: StripDay[]): string {
  return strip.map((cell) => (cell.isToday ? (cell.done ? 'D' : 'T') : cell.done ? 'd' : '.')).join('');
}

describe('checkInStrip', () => {
  it('starts a new member on day 1 with the whole week ahead', () => {
    const strip = checkInStrip(0, false);
    expect(strip.map((cell) => cell.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(strip.map((cell) => cell.reward)).toEqual([...CHECK_IN_REWARDS]);
    expect(picture(strip)).toBe('T......');
  });

  it('marks today done once checked in, counting it in the streak', () => {
    expect(picture(checkInStrip(1, true))).toBe('D......');
    expect(picture(checkInStrip(3, true))).toBe('ddD....');
  });

  it('puts today after the days already in a row when not yet checked in', () => {
    const strip = checkInStrip(3, false);
    expect(picture(strip)).toBe('dddT...');
    expect(strip[3]?.reward).toBe(CHECK_IN_REWARDS[3]);
  });

  it('slides past day 7 so that today stays in view, at the top reward', () => {
    const strip = checkInStrip(9, false);
    expect(strip.map((cell) => cell.day)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(picture(strip)).toBe('ddddddT');
    expect(strip.at(-1)?.reward).toBe(CHECK_IN_REWARDS.at(-1));
  });

  it("shows the operators' figures when the server gives them", () => {
    const rewards = [5, 6, 7, 8, 9, 10, 50];
    expect(checkInStrip(0, false, rewards).map((cell) => cell.reward)).toEqual(rewards);
    expect(checkInStrip(13, true, rewards).map((cell) => cell.reward)).toEqual([50, 50, 50, 50, 50, 50, 50]);
  });

  it('shows day 7 as today on the seventh day in a row', () => {
    const strip = checkInStrip(7, true);
    expect(strip.map((cell) => cell.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(picture(strip)).toBe('ddddddD');
  });
});
