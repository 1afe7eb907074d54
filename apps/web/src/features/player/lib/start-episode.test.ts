import { describe, expect, it } from 'vitest';
import { canWatch, chooseStartEpisode } from './start-episode';

const episodes = [
  { id: 13, sequence: 3, isFree: false, durationSeconds: 40 },
  { id: 11, sequence: 1, isFree: true, durationSeconds: 40 },
  { id: 12, sequence: 2, isFree: true, durationSeconds: 40 },
  { id: 14, sequence: 4, isFree: false, durationSeconds: 40 },
];
const durationOf = (episode: { durationSeconds: number }) => episode.durationSeconds;

describe('chooseStartEpisode', () => {
  it('plays the requested episode when the viewer may watch it', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: 12, resume: null, vip: false, durationOf });
    expect(choice).toMatchObject({ episode: { id: 12 }, startAt: 0, fellBackToFree: false });
  });

  it('chooses the first free episode instead of a locked one, and says so', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: 14, resume: null, vip: false, durationOf });
    expect(choice).toMatchObject({ episode: { id: 11 }, startAt: 0, fellBackToFree: true, wanted: { id: 14 } });
  });

  it('stays on a locked episode the viewer came back to unlock, without falling back', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: 14, resume: null, vip: false, unlock: true, durationOf });
    expect(choice).toMatchObject({ episode: { id: 14 }, startAt: 0, fellBackToFree: false });
    expect(choice?.wanted).toBeUndefined();
  });

  it('plays the episode to unlock at once for a viewer who already is a VIP', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: 14, resume: null, vip: true, unlock: true, durationOf });
    expect(choice).toMatchObject({ episode: { id: 14 }, fellBackToFree: false });
  });

  it('keeps the spec rule for a saved locked episode even with unlock (only an asked-for one stays)', () => {
    const choice = chooseStartEpisode(episodes, {
      requestedId: 999,
      resume: { episodeId: 13, progress: 5 },
      vip: false,
      unlock: true,
      durationOf,
    });
    expect(choice).toMatchObject({ episode: { id: 11 }, fellBackToFree: true, wanted: { id: 13 } });
  });

  it('lets an active VIP open a locked episode', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: 14, resume: null, vip: true, durationOf });
    expect(choice).toMatchObject({ episode: { id: 14 }, fellBackToFree: false });
  });

  it('resumes at the saved episode and second when none is requested', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: null, resume: { episodeId: 12, progress: 20 }, vip: false, durationOf });
    expect(choice).toMatchObject({ episode: { id: 12 }, startAt: 20 });
  });

  it('resumes the second as well when the requested episode is the saved one', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: 12, resume: { episodeId: 12, progress: 30 }, vip: false, durationOf });
    expect(choice).toMatchObject({ episode: { id: 12 }, startAt: 30 });
  });

  it('starts from 0 when the request differs from the saved episode', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: 11, resume: { episodeId: 12, progress: 30 }, vip: false, durationOf });
    expect(choice).toMatchObject({ episode: { id: 11 }, startAt: 0 });
  });

  it('starts over when the saved second is at the very end', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: null, resume: { episodeId: 12, progress: 39 }, vip: false, durationOf });
    expect(choice).toMatchObject({ episode: { id: 12 }, startAt: 0 });
  });

  it('falls back to free when the saved episode is locked (VIP ran out)', () => {
    const choice = chooseStartEpisode(episodes, { requestedId: null, resume: { episodeId: 13, progress: 5 }, vip: false, durationOf });
    expect(choice).toMatchObject({ episode: { id: 11 }, startAt: 0, fellBackToFree: true });
  });

  it('opens the first episode without a request or a saved point, and ignores unknown ids', () => {
    expect(chooseStartEpisode(episodes, { requestedId: null, resume: null, vip: false })?.episode.id).toBe(11);
    expect(chooseStartEpisode(episodes, { requestedId: 999, resume: { episodeId: 998, progress: 3 }, vip: false })?.episode.id).toBe(11);
  });

  it('gives nothing for a drama without episodes', () => {
    expect(chooseStartEpisode([], { requestedId: null, resume: null, vip: false })).toBeNull();
  });

  it('stays on a locked episode when no episode is free', () => {
    const locked = episodes.filter((episode) => !episode.isFree);
    expect(chooseStartEpisode(locked, { requestedId: null, resume: null, vip: false })).toMatchObject({
      episode: { id: 13 },
      fellBackToFree: false,
    });
  });
});

describe('canWatch', () => {
  it('allows free episodes to anyone and locked ones to VIPs', () => {
    expect(canWatch({ isFree: true }, false)).toBe(true);
    expect(canWatch({ isFree: false }, false)).toBe(false);
    expect(canWatch({ isFree: false }, true)).toBe(true);
  });
});
