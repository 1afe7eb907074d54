import { describe, expect, it, vi } from 'vitest';
import { PlayerEngine } from './player-engine';

/** hls.js as the engine uses it; `last` is the newest instance, to fire its events. */
const fakeHls = vi.hoisted(() => {
  class FakeHls {
    static last: FakeHls | null = null;
    static Events = { ERROR: 'hlsError', FRAG_BUFFERED: 'hlsFragBuffered' };
    static isSupported = () => true;
    readonly handlers = new Map<string, Array<() => void>>();
    media: unknown = null;
    source = '';
    constructor() {
      FakeHls.last = this;
    }
    on(event: string, handler: () => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    emit(event: string) {
      for (const handler of this.handlers.get(event) ?? []) handler();
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: unknown) {
      this.media = media;
    }
    destroy() {}
  }
  return FakeHls;
});
vi.mock('hls.js', () => ({ default: fakeHls }));

interface TimeRangesLike {
  length: number;
  start(index: number): number;
  end(index: number): number;
}

function ranges(list: Array<[number, number]>): TimeRangesLike {
  return { length: list.length, start: (index) => list[index]![0], end: (index) => list[index]![1] };
}

/** Just enough of an HTMLVideoElement for the engine: state, events, play/pause/load. */
class FakeVideo extends EventTarget {
  src = '';
  preload = '';
  readyState = 0;
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  seeking = false;
  muted = false;
  volume = 1;
  playbackRate = 1;
  error: { code: number } | null = null;
  buffered: TimeRangesLike = ranges([]);
  style: Record<string, string> = {};
  dataset: Record<string, string> = {};
  attributes: Record<string, string> = {};
  loads = 0;
  /** Browsers refuse sound without a user gesture; muted playback is always allowed. */
  refuseSound = false;

  get currentSrc() {
    return this.src;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  /** What canPlayType answers for HLS: '' as in Chromium and Firefox, 'maybe' as in Safari. */
  nativeHls = '';
  canPlayType(type: string) {
    return /mpegurl/i.test(type) ? this.nativeHls : '';
  }
  load() {
    this.loads += 1;
    this.readyState = 0;
  }
  play(): Promise<void> {
    if (this.refuseSound && !this.muted) {
      return Promise.reject(Object.assign(new Error('refused'), { name: 'NotAllowedError' }));
    }
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  /** The network delivered the first frame. */
  deliver(duration = 40) {
    this.duration = duration;
    this.readyState = 1;
    this.dispatchEvent(new Event('loadedmetadata'));
    this.readyState = 2;
    this.dispatchEvent(new Event('loadeddata'));
  }
  finishSeek() {
    this.seeking = false;
    this.dispatchEvent(new Event('seeked'));
  }
}

function setup() {
  const engine = new PlayerEngine();
  const a = new FakeVideo();
  const b = new FakeVideo();
  engine.refs[0](a as unknown as HTMLVideoElement);
  engine.refs[1](b as unknown as HTMLVideoElement);
  const shown = () => (a.dataset.active === 'true' ? a : b);
  const hidden = () => (a.dataset.active === 'true' ? b : a);
  return { engine, a, b, shown, hidden };
}

/** Metadata is known, then data arrives from `start` on: the element stays at HAVE_METADATA at 0. */
function bufferedFrom(video: FakeVideo, start: number) {
  video.duration = 40;
  video.readyState = 1;
  video.dispatchEvent(new Event('loadedmetadata'));
  video.buffered = ranges([[start, 30]]);
  video.dispatchEvent(new Event('progress'));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PlayerEngine', () => {
  it('keeps the current picture until the next source has a frame, then swaps in one step', async () => {
    const { engine, shown, hidden } = setup();
    engine.load('1', '/e/1.mp4');
    const first = hidden();
    expect(first.src).toBe('/e/1.mp4');
    expect(engine.getSnapshot().status).toBe('loading');
    first.deliver();
    await flush();
    expect(shown()).toBe(first);
    expect(first.paused).toBe(false);
    expect(engine.getSnapshot()).toMatchObject({ key: '1', status: 'playing' });

    engine.load('2', '/e/2.mp4');
    const second = hidden();
    expect(second.src).toBe('/e/2.mp4');
    // Until the new frame arrives the old element stays on screen (paused, so no double sound).
    expect(shown()).toBe(first);
    expect(first.paused).toBe(true);
    second.deliver();
    await flush();
    expect(shown()).toBe(second);
    expect(second.style.opacity).toBe('1');
    expect(first.style.opacity).toBe('0');
    expect(engine.getSnapshot()).toMatchObject({ key: '2', status: 'playing' });
  });

  it('switches at once to a preloaded source without loading it again', async () => {
    const { engine, shown, hidden } = setup();
    engine.load('1', '/e/1.mp4');
    hidden().deliver();
    await flush();
    engine.preload('2', '/e/2.mp4');
    const standby = hidden();
    expect(standby.src).toBe('/e/2.mp4');
    expect(standby.muted).toBe(true);
    standby.deliver();
    const loads = standby.loads;
    engine.load('2', '/e/2.mp4');
    expect(shown()).toBe(standby);
    expect(standby.loads).toBe(loads);
    await flush();
    expect(engine.getSnapshot().status).toBe('playing');
  });

  it('starts at a resume position before showing the frame', async () => {
    const { engine, shown, hidden } = setup();
    engine.load('1', '/e/1.mp4', 20);
    const video = hidden();
    video.duration = 40;
    video.readyState = 1;
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(20);
    video.seeking = true;
    video.readyState = 2;
    video.dispatchEvent(new Event('loadeddata'));
    expect(shown()).not.toBe(video);
    video.finishSeek();
    await flush();
    expect(shown()).toBe(video);
  });

  it('plays muted and offers to unmute when the browser refuses sound', async () => {
    const { engine, a, b, hidden } = setup();
    a.refuseSound = true;
    b.refuseSound = true;
    engine.load('1', '/e/1.mp4');
    const video = hidden();
    video.deliver();
    await flush();
    await flush();
    expect(video.muted).toBe(true);
    expect(video.paused).toBe(false);
    expect(engine.getSnapshot()).toMatchObject({ autoMuted: true, muted: true });
    engine.setMuted(false);
    expect(video.muted).toBe(false);
    expect(engine.getSnapshot()).toMatchObject({ autoMuted: false, muted: false });
  });

  it('reports a media error on screen, and not one of a hidden preload', async () => {
    const { engine, hidden } = setup();
    engine.load('1', '/e/1.mp4');
    hidden().deliver();
    await flush();
    engine.preload('2', '/e/2.mp4');
    const standby = hidden();
    standby.error = { code: 4 };
    standby.dispatchEvent(new Event('error'));
    expect(engine.getSnapshot().status).toBe('playing');

    engine.load('3', '/e/3.mp4');
    const incoming = hidden();
    incoming.error = { code: 4 };
    incoming.dispatchEvent(new Event('error'));
    expect(engine.getSnapshot()).toMatchObject({ key: '3', status: 'error' });
  });

  it('calls the ended handler only for the element on screen', async () => {
    const { engine, shown, hidden } = setup();
    const ended = vi.fn();
    const undo = engine.setEndedHandler(ended);
    engine.load('1', '/e/1.mp4');
    hidden().deliver();
    await flush();
    hidden().dispatchEvent(new Event('ended'));
    expect(ended).not.toHaveBeenCalled();
    shown().dispatchEvent(new Event('ended'));
    expect(ended).toHaveBeenCalledTimes(1);
    undo();
    shown().dispatchEvent(new Event('ended'));
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('keeps volume within 0-1 and carries speed to the next episode', async () => {
    const { engine, shown, hidden } = setup();
    engine.load('1', '/e/1.mp4');
    hidden().deliver();
    await flush();
    engine.setVolume(3);
    expect(shown().volume).toBe(1);
    engine.setVolume(-1);
    expect(shown().volume).toBe(0);
    engine.setRate(1.5);
    engine.load('2', '/e/2.mp4');
    hidden().deliver();
    await flush();
    expect(shown().playbackRate).toBe(1.5);
  });

  it('stays paused across a switch when the viewer paused', async () => {
    const { engine, shown, hidden } = setup();
    engine.load('1', '/e/1.mp4');
    hidden().deliver();
    await flush();
    engine.pause();
    expect(shown().paused).toBe(true);
    engine.load('2', '/e/2.mp4', 0, { autoplay: false });
    hidden().deliver();
    await flush();
    expect(shown().paused).toBe(true);
    expect(engine.getSnapshot().status).toBe('paused');
  });

  describe('a first buffered range that starts after the position (WebKit with HLS over Media Source Extensions)', () => {
    it('moves the incoming element just inside its data, then shows and plays it', async () => {
      const { engine, shown, hidden } = setup();
      engine.load('1', '/e/1.mp4');
      const video = hidden();
      bufferedFrom(video, 0.1667);
      expect(video.currentTime).toBeCloseTo(0.1767, 6);
      expect(video.paused).toBe(true);
      expect(shown()).not.toBe(video);
      video.readyState = 2;
      video.finishSeek();
      await flush();
      expect(shown()).toBe(video);
      expect(engine.getSnapshot()).toMatchObject({ key: '1', status: 'playing' });
    });

    it('repeats the move while the element has no frame, as WebKit may leave a seek unfinished', async () => {
      vi.useFakeTimers();
      try {
        const { engine, shown, hidden } = setup();
        engine.load('1', '/e/1.mp4');
        const video = hidden();
        const seeks: number[] = [];
        let position = 0;
        Object.defineProperty(video, 'currentTime', {
          get: () => position,
          set: (value: number) => {
            position = value;
            seeks.push(value);
          },
        });
        bufferedFrom(video, 0.1667);
        expect(seeks).toHaveLength(1);
        vi.advanceTimersByTime(1000);
        expect(seeks).toHaveLength(2);
        expect(seeks[1]).toBe(seeks[0]);
        video.readyState = 2;
        video.finishSeek();
        vi.advanceTimersByTime(5000);
        expect(seeks).toHaveLength(2);
        await vi.runAllTimersAsync();
        expect(shown()).toBe(video);
      } finally {
        vi.useRealTimers();
      }
    });

    it('switches to a preloaded next episode with such a gap once it has its frame', async () => {
      const { engine, shown, hidden } = setup();
      engine.load('1', '/e/1.mp4');
      hidden().deliver();
      await flush();
      engine.preload('2', '/e/2.mp4');
      const standby = hidden();
      bufferedFrom(standby, 0.1667);
      // A preload waits, paused where it is, until it is asked for.
      expect(standby.currentTime).toBe(0);
      engine.load('2', '/e/2.mp4');
      expect(standby.currentTime).toBeCloseTo(0.1767, 6);
      standby.readyState = 2;
      standby.finishSeek();
      await flush();
      expect(shown()).toBe(standby);
    });

    it('does not jump over a gap too wide to be the stream\'s start offset', () => {
      const { engine, hidden } = setup();
      engine.load('1', '/e/1.mp4');
      const video = hidden();
      bufferedFrom(video, 5);
      expect(video.currentTime).toBe(0);
    });

    it('leaves an element alone whose position is inside its data', () => {
      const { engine, hidden } = setup();
      engine.load('1', '/e/1.mp4', 20);
      const video = hidden();
      bufferedFrom(video, 0.1667);
      // Only the resume seek.
      expect(video.currentTime).toBe(20);
    });
  });

  describe('HLS', () => {
    it('plays through hls.js where the browser has no native HLS, moving past a start gap as fragments arrive', async () => {
      const { engine, shown, hidden } = setup();
      engine.load('1', '/e/1/index.m3u8');
      const video = hidden();
      await vi.waitFor(() => expect(fakeHls.last?.media).toBe(video));
      expect(fakeHls.last?.source).toBe('/e/1/index.m3u8');
      video.duration = 40;
      video.readyState = 1;
      video.dispatchEvent(new Event('loadedmetadata'));
      // WebKit fires no progress for data appended through Media Source Extensions.
      video.buffered = ranges([[0.1667, 4]]);
      fakeHls.last?.emit(fakeHls.Events.FRAG_BUFFERED);
      expect(video.currentTime).toBeCloseTo(0.1767, 6);
      video.readyState = 2;
      video.finishSeek();
      await flush();
      expect(shown()).toBe(video);
      expect(engine.getSnapshot()).toMatchObject({ key: '1', status: 'playing' });
    });

    it('gives the playlist to the element itself where the browser plays HLS natively (Safari)', async () => {
      const { engine, a, b, shown, hidden } = setup();
      a.nativeHls = 'maybe';
      b.nativeHls = 'maybe';
      fakeHls.last = null;
      engine.load('1', '/e/1/index.m3u8');
      const video = hidden();
      expect(video.src).toBe('/e/1/index.m3u8');
      expect(video.loads).toBe(1);
      video.deliver();
      await flush();
      expect(shown()).toBe(video);
      expect(engine.getSnapshot().status).toBe('playing');
      expect(fakeHls.last).toBeNull();
    });
  });
});
