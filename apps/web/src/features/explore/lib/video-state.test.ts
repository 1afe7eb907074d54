import { describe, expect, it } from 'vitest';
import { INITIAL_VIDEO_STATE, markWaiting, readVideoState } from './video-state';

const playingVideo = { paused: false, ended: false, readyState: 4, muted: true };

describe('a feed video state', () => {
  it('reads playing, ready and muted from the element, and clears waiting', () => {
    const state = readVideoState({ ...INITIAL_VIDEO_STATE, waiting: true }, playingVideo);
    expect(state).toEqual({ playing: true, ready: true, waiting: false, muted: true });
    expect(readVideoState(state, { ...playingVideo, ended: true }).playing).toBe(false);
    expect(readVideoState(state, { ...playingVideo, readyState: 1 }).ready).toBe(false);
    expect(readVideoState(state, { ...playingVideo, muted: false }).muted).toBe(false);
  });

  it('is the same object when an event changes nothing, so the slide does not re-render', () => {
    const state = readVideoState(INITIAL_VIDEO_STATE, playingVideo);
    expect(readVideoState(state, playingVideo)).toBe(state);
    expect(readVideoState(INITIAL_VIDEO_STATE, { paused: true, ended: false, readyState: 0, muted: true })).toBe(
      INITIAL_VIDEO_STATE,
    );
    const waiting = markWaiting(state);
    expect(waiting).toEqual({ ...state, waiting: true });
    expect(markWaiting(waiting)).toBe(waiting);
  });
});
