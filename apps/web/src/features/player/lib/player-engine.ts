import { clampVolume } from './format-time';
import { isHlsUrl } from './media-url';

/**
 * The player's media engine: a fixed pool of two <video> elements. One is on screen; the other
 * preloads the next episode. A switch loads into the hidden one and keeps the current picture
 * until the new one has a frame (`loadeddata`), then swaps them in the same frame: no black
 * flash, and a preloaded next episode appears at once. Kept outside React so that time updates
 * re-render only the parts that subscribe to them.
 */

export type EngineStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

export interface EngineSnapshot {
  status: EngineStatus;
  /** The source that is playing or being switched to. */
  key: string | null;
  currentTime: number;
  duration: number;
  /** End of the buffered range around the current time, in seconds. */
  bufferedEnd: number;
  /** The element is waiting for data (after a seek, on a slow network). */
  waiting: boolean;
  muted: boolean;
  volume: number;
  rate: number;
  /** The browser refused autoplay with sound, so playback went on muted: offer "tap to unmute". */
  autoMuted: boolean;
  /** Which slot is on screen. */
  activeSlot: 0 | 1;
}

interface HlsInstance {
  destroy(): void;
}

interface Slot {
  video: HTMLVideoElement | null;
  key: string | null;
  url: string | null;
  hls: HlsInstance | null;
  /** Bumped on every source change, so late async work (loading hls.js) can tell it is stale. */
  generation: number;
  cleanup: (() => void) | null;
}

interface Pending {
  key: string;
  slot: 0 | 1;
  startAt: number;
  /** The start position has been applied (or was 0). */
  positioned: boolean;
  /** Jumps made over a gap before the first data (see startOfData). */
  jumps: number;
}

const HAVE_METADATA = 1;
const HAVE_CURRENT_DATA = 2;
/**
 * The widest gap between the position and the first buffered data that is played across. An HLS
 * stream's first segment may start a fraction of a second after 0 (its first presentation time);
 * a wider gap is missing content, not an offset.
 */
const MAX_START_GAP = 2;
/**
 * Where such a jump lands: just inside the data. `buffered` reports times rounded to the
 * microsecond, a hair before the first frame's exact time; a frame lasts 1/60 s or more.
 */
const INTO_DATA = 0.01;
/**
 * WebKit now and then never ends a seek made while data is still being appended (the element
 * stays `seeking` at HAVE_METADATA); the same seek made again ends. So a jump is repeated this
 * often, this many times, until a frame has come.
 */
const JUMP_RETRY_MS = 1000;
const MAX_JUMPS = 6;

function isNamedError(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === name;
}

export class PlayerEngine {
  private readonly slots: [Slot, Slot] = [this.emptySlot(), this.emptySlot()];
  private active: 0 | 1 = 0;
  private pending: Pending | null = null;
  private snapshot: EngineSnapshot = {
    status: 'idle',
    key: null,
    currentTime: 0,
    duration: 0,
    bufferedEnd: 0,
    waiting: false,
    muted: false,
    volume: 1,
    rate: 1,
    autoMuted: false,
    activeSlot: 0,
  };
  private readonly listeners = new Set<() => void>();
  /** The user's own choice; autoplay may still force a muted start. */
  private userMuted = false;
  private autoMuted = false;
  private volume = 1;
  private rate = 1;
  /** Whether playback should run once the source is ready (false after an explicit pause). */
  private wantsPlay = true;
  /** Repeats a jump into the data that WebKit may leave unfinished. */
  private jumpTimer: ReturnType<typeof setTimeout> | null = null;

  /** Called when the episode on screen plays to its end. */
  private onEnded: (() => void) | null = null;

  /** Sets what happens at the end of an episode; returns the undo, for an effect's cleanup. */
  setEndedHandler(handler: () => void): () => void {
    this.onEnded = handler;
    return () => {
      if (this.onEnded === handler) this.onEnded = null;
    };
  }

  /** Stable ref callbacks for the two elements. */
  readonly refs: [(video: HTMLVideoElement | null) => void, (video: HTMLVideoElement | null) => void] = [
    (video) => this.attach(0, video),
    (video) => this.attach(1, video),
  ];

  private emptySlot(): Slot {
    return { video: null, key: null, url: null, hls: null, generation: 0, cleanup: null };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EngineSnapshot => this.snapshot;

  private set(change: Partial<EngineSnapshot>): void {
    let changed = false;
    for (const [name, value] of Object.entries(change)) {
      if (this.snapshot[name as keyof EngineSnapshot] !== value) {
        changed = true;
        break;
      }
    }
    if (!changed) return;
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  /** The element on screen. */
  get video(): HTMLVideoElement | null {
    return this.slots[this.active].video;
  }

  private attach(index: 0 | 1, video: HTMLVideoElement | null): void {
    const slot = this.slots[index];
    if (slot.video === video) return;
    slot.cleanup?.();
    slot.cleanup = null;
    slot.video = video;
    if (!video) return;
    this.paint();
    const on = <K extends keyof HTMLMediaElementEventMap>(type: K, handler: () => void) => {
      video.addEventListener(type, handler);
      return () => video.removeEventListener(type, handler);
    };
    const offs = [
      on('loadedmetadata', () => this.onReadyChange(index)),
      on('loadeddata', () => this.onReadyChange(index)),
      on('canplay', () => this.onReadyChange(index)),
      on('seeked', () => this.onReadyChange(index)),
      on('timeupdate', () => this.isActive(index) && this.readTimes()),
      on('durationchange', () => this.isActive(index) && this.readTimes()),
      // The incoming element needs it too: data arriving after its metadata may show a gap before
      // it (see startOfData).
      on('progress', () => this.onReadyChange(index)),
      on('playing', () => this.isActive(index) && this.set({ status: 'playing', waiting: false })),
      on('play', () => this.isActive(index) && this.set({ status: this.snapshot.waiting ? 'loading' : 'playing' })),
      on('pause', () => {
        if (this.isActive(index) && !video.ended && this.snapshot.status !== 'error') this.set({ status: 'paused' });
      }),
      on('waiting', () => this.isActive(index) && this.set({ waiting: true })),
      on('ended', () => {
        if (this.isActive(index)) this.onEnded?.();
      }),
      on('volumechange', () => this.isActive(index) && this.set({ muted: video.muted, volume: video.volume })),
      on('ratechange', () => this.isActive(index) && this.set({ rate: video.playbackRate })),
      on('error', () => this.onMediaError(index)),
    ];
    slot.cleanup = () => offs.forEach((off) => off());
  }

  private isActive(index: 0 | 1): boolean {
    return index === this.active && this.pending === null;
  }

  /** Shows the active element and hides the other, directly on the DOM (no React frame in between). */
  private paint(): void {
    this.slots.forEach((slot, index) => {
      if (!slot.video) return;
      const visible = index === this.active;
      slot.video.style.opacity = visible ? '1' : '0';
      slot.video.style.zIndex = visible ? '1' : '0';
      slot.video.setAttribute('aria-hidden', visible ? 'false' : 'true');
      slot.video.dataset.active = visible ? 'true' : 'false';
    });
  }

  private readTimes(): void {
    const video = this.video;
    if (!video) return;
    let bufferedEnd = 0;
    const { buffered, currentTime } = video;
    for (let i = 0; i < buffered.length; i += 1) {
      if (buffered.start(i) <= currentTime + 0.5 && buffered.end(i) >= currentTime) bufferedEnd = buffered.end(i);
    }
    this.set({
      currentTime,
      duration: Number.isFinite(video.duration) ? video.duration : 0,
      bufferedEnd,
      waiting: this.snapshot.waiting && video.readyState < 3,
    });
  }

  private setSource(index: 0 | 1, key: string, url: string): void {
    const slot = this.slots[index];
    const video = slot.video;
    slot.generation += 1;
    slot.hls?.destroy();
    slot.hls = null;
    slot.key = key;
    slot.url = url;
    if (!video) return;
    video.preload = 'auto';
    if (isHlsUrl(url) && !video.canPlayType('application/vnd.apple.mpegurl')) {
      // Chromium and Firefox have no native HLS: hls.js is loaded only when such a source appears.
      const generation = slot.generation;
      video.removeAttribute('src');
      void import('hls.js')
        .then(({ default: Hls }) => {
          if (slot.generation !== generation) return;
          if (!Hls.isSupported()) {
            this.failSlot(index);
            return;
          }
          const hls = new Hls({ maxBufferLength: 12, startPosition: this.pending?.slot === index ? this.pending.startAt : -1 });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) this.failSlot(index);
          });
          // Appends through Media Source Extensions fire no progress event in WebKit: each
          // buffered fragment is the moment to see whether a waiting element faces a gap.
          hls.on(Hls.Events.FRAG_BUFFERED, () => this.onReadyChange(index));
          hls.loadSource(url);
          hls.attachMedia(video);
          slot.hls = hls;
        })
        .catch(() => this.failSlot(index));
      return;
    }
    video.src = url;
    video.load();
  }

  private failSlot(index: 0 | 1): void {
    if (this.pending?.slot === index || (this.pending === null && index === this.active)) {
      this.set({ status: 'error', waiting: false });
    }
  }

  private onMediaError(index: 0 | 1): void {
    const slot = this.slots[index];
    // A hidden slot's preload failing is not the viewer's problem; forget it so it is retried.
    if (this.pending?.slot !== index && index !== this.active) {
      slot.key = null;
      slot.url = null;
      return;
    }
    if (!slot.video?.error) return;
    this.failSlot(index);
  }

  private onReadyChange(index: 0 | 1): void {
    const pending = this.pending;
    if (pending && pending.slot === index) {
      this.advancePending(pending);
      return;
    }
    if (this.isActive(index)) this.readTimes();
  }

  /**
   * Where a paused element should be moved when it waits before a gap: its position is short of
   * its first buffered data by a fraction of a second (an HLS stream's first segment at 0.1667 s,
   * the element at 0). WebKit's Media Source Extensions keep such an element at HAVE_METADATA for
   * good, so no frame and no swap (playing would cross the gap, as explore's feed does, but the
   * incoming element waits for its frame before it plays). Null when there is no such gap.
   */
  private startOfData(video: HTMLVideoElement): number | null {
    const { buffered, currentTime } = video;
    for (let i = 0; i < buffered.length; i += 1) {
      const start = buffered.start(i);
      if (start <= currentTime && currentTime < buffered.end(i)) return null;
      if (start > currentTime) {
        return start - currentTime <= MAX_START_GAP ? Math.min(start + INTO_DATA, buffered.end(i)) : null;
      }
    }
    return null;
  }

  private jumpIntoData(pending: Pending, video: HTMLVideoElement, target: number): void {
    this.stopJumping();
    pending.jumps += 1;
    video.currentTime = target;
    if (pending.jumps >= MAX_JUMPS) return;
    this.jumpTimer = setTimeout(() => {
      this.jumpTimer = null;
      if (this.pending === pending && video.readyState < HAVE_CURRENT_DATA) this.jumpIntoData(pending, video, target);
    }, JUMP_RETRY_MS);
  }

  private stopJumping(): void {
    if (this.jumpTimer !== null) clearTimeout(this.jumpTimer);
    this.jumpTimer = null;
  }

  /** Positions the incoming element, and swaps it in once it has a frame to show. */
  private advancePending(pending: Pending): void {
    const video = this.slots[pending.slot].video;
    if (!video) return;
    if (!pending.positioned) {
      if (video.readyState < HAVE_METADATA) return;
      pending.positioned = true;
      if (pending.startAt > 0 && Math.abs(video.currentTime - pending.startAt) > 0.25) {
        video.currentTime = Math.min(pending.startAt, Math.max(0, (video.duration || pending.startAt) - 0.5));
        return;
      }
    }
    if (video.seeking) return;
    if (video.readyState < HAVE_CURRENT_DATA) {
      const target = pending.jumps === 0 ? this.startOfData(video) : null;
      if (target !== null) this.jumpIntoData(pending, video, target);
      return;
    }
    this.commit(pending);
  }

  private commit(pending: Pending): void {
    const incoming = this.slots[pending.slot].video;
    const outgoing = pending.slot === this.active ? null : this.slots[this.active].video;
    this.stopJumping();
    this.pending = null;
    this.active = pending.slot;
    this.paint();
    if (outgoing) {
      outgoing.pause();
      outgoing.muted = true;
    }
    this.set({ activeSlot: this.active, key: pending.key, status: this.wantsPlay ? 'loading' : 'paused' });
    this.readTimes();
    if (incoming) {
      incoming.playbackRate = this.rate;
      incoming.volume = this.volume;
      if (this.wantsPlay) this.startPlayback(incoming);
      else this.set({ status: 'paused', muted: incoming.muted });
    }
  }

  /** Plays with sound when allowed; if the browser refuses, plays muted and offers to unmute. */
  private startPlayback(video: HTMLVideoElement): void {
    video.muted = this.userMuted || this.autoMuted;
    this.set({ muted: video.muted });
    video.play().catch((error: unknown) => {
      if (video !== this.video) return;
      if (isNamedError(error, 'NotAllowedError') && !video.muted) {
        this.autoMuted = true;
        video.muted = true;
        this.set({ autoMuted: true, muted: true });
        video.play().catch(() => {
          if (video === this.video) this.set({ status: 'paused' });
        });
        return;
      }
      if (isNamedError(error, 'NotAllowedError')) this.set({ status: 'paused' });
      // AbortError: a newer load or pause replaced this play; NotSupportedError shows as an error event.
    });
  }

  /**
   * Shows a source: at once if it is on screen already or preloaded and ready, else after its
   * first frame has loaded, with the current picture kept until then.
   */
  load(key: string, url: string, startAt = 0, options: { autoplay?: boolean } = {}): void {
    this.wantsPlay = options.autoplay ?? true;
    const active = this.slots[this.active];
    if (this.pending === null && active.key === key && active.url === url && active.video && !active.video.error) {
      if (startAt > 0) active.video.currentTime = startAt;
      if (this.wantsPlay && active.video.paused) this.startPlayback(active.video);
      return;
    }
    const standby: 0 | 1 = this.active === 0 ? 1 : 0;
    // The hidden element either has this source preloaded already or loads it now.
    const target = standby;
    const slot = this.slots[target];
    // Sound stops at once; the picture stays until the new one is ready.
    active.video?.pause();
    if (slot.key !== key || slot.url !== url || slot.video?.error) this.setSource(target, key, url);
    this.pending = { key, slot: target, startAt, positioned: startAt <= 0, jumps: 0 };
    this.set({ key, status: 'loading', waiting: false, currentTime: startAt, bufferedEnd: 0, duration: 0 });
    const video = slot.video;
    if (video) {
      video.muted = true;
      if (video.readyState >= HAVE_METADATA) this.advancePending(this.pending);
    }
  }

  /** Loads a source into the hidden element so that switching to it is instant. */
  preload(key: string, url: string): void {
    const standby: 0 | 1 = this.active === 0 ? 1 : 0;
    if (this.pending?.slot === standby) return;
    const slot = this.slots[standby];
    if (slot.key === key && slot.url === url && !slot.video?.error) return;
    this.setSource(standby, key, url);
    if (slot.video) {
      slot.video.muted = true;
      slot.video.pause();
    }
  }

  /** Waiting for a play address: the current picture stays, the sound stops. */
  prepare(key: string): void {
    this.pending = null;
    this.slots[this.active].video?.pause();
    this.set({ key, status: 'loading', waiting: false, currentTime: 0, bufferedEnd: 0, duration: 0 });
  }

  /** Shows the error state without a source (a missing or empty play address). */
  fail(key: string): void {
    this.pending = null;
    this.slots[this.active].video?.pause();
    this.set({ key, status: 'error', waiting: false });
  }

  play(): void {
    this.wantsPlay = true;
    const video = this.video;
    if (!video || this.pending) return;
    this.startPlayback(video);
  }

  pause(): void {
    this.wantsPlay = false;
    this.video?.pause();
  }

  toggle(): void {
    if (this.pending) {
      this.wantsPlay = !this.wantsPlay;
      return;
    }
    const video = this.video;
    if (!video) return;
    if (video.paused || video.ended) this.play();
    else this.pause();
  }

  get paused(): boolean {
    return !this.wantsPlay;
  }

  seek(time: number): void {
    const video = this.video;
    if (!video || this.pending) return;
    const duration = Number.isFinite(video.duration) ? video.duration : time;
    video.currentTime = Math.max(0, Math.min(time, duration));
    this.set({ currentTime: video.currentTime });
  }

  setRate(rate: number): void {
    this.rate = rate;
    for (const slot of this.slots) if (slot.video) slot.video.playbackRate = rate;
    this.set({ rate });
  }

  setVolume(volume: number): void {
    this.volume = clampVolume(volume);
    const video = this.video;
    if (video) video.volume = this.volume;
    if (this.volume > 0 && this.snapshot.muted) this.setMuted(false);
    this.set({ volume: this.volume });
  }

  setMuted(muted: boolean): void {
    this.userMuted = muted;
    this.autoMuted = false;
    const video = this.video;
    if (video) {
      video.muted = muted;
      if (!muted && video.volume === 0) {
        this.volume = 1;
        video.volume = 1;
      }
    }
    this.set({ muted, autoMuted: false, volume: this.volume });
  }

  /** Stops both elements and forgets their sources; the engine can load again afterwards. */
  dispose(): void {
    this.stopJumping();
    this.pending = null;
    for (const slot of this.slots) {
      slot.generation += 1;
      slot.hls?.destroy();
      slot.hls = null;
      slot.key = null;
      slot.url = null;
      if (slot.video) {
        slot.video.pause();
        slot.video.removeAttribute('src');
        slot.video.load();
      }
    }
    this.set({ status: 'idle', key: null });
  }
}
