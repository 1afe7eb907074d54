import type { PlayInfo } from '@drama/contracts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { withTimestamp } from '../../player';
import { attachSource } from '../lib/attach-source';
import { setSound, useSound } from '../lib/sound';
import { INITIAL_VIDEO_STATE, markWaiting, readVideoState } from '../lib/video-state';

export type FeedVideoStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

interface Options {
  url: string;
  format: PlayInfo['format'];
  /** The source is set: the item on screen and its neighbours (the next one preloads). */
  loaded: boolean;
  /** On screen: the only item that plays. */
  active: boolean;
  /** Paused without losing its place (the browser tab is hidden). */
  hold: boolean;
}

function isNamedError(error: unknown, name: string): boolean {
  return error instanceof DOMException && error.name === name;
}

/**
 * One feed item's video: its source while it is near the screen, playback only while it is
 * on screen (from the start each time it comes back), muted until the viewer asks for sound.
 */
export function useFeedVideo(videoRef: RefObject<HTMLVideoElement | null>, { url, format, loaded, active, hold }: Options) {
  const sound = useSound();
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const [userPaused, setUserPaused] = useState(false);
  const [state, setState] = useState(INITIAL_VIDEO_STATE);
  const wasActive = useRef(false);

  // A pause belongs to one viewing: an item scrolled away and back plays again.
  const [lastActive, setLastActive] = useState(active);
  if (active !== lastActive) {
    setLastActive(active);
    if (!active) setUserPaused(false);
  }

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !loaded) return;
    const source = attempt > 0 ? withTimestamp(url, attempt) : url;
    return attachSource(video, source, format, () => setFailedAttempt(attempt));
  }, [videoRef, loaded, url, format, attempt]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const read = () => {
      // Read now, as the event leaves the element, not when React gets to the update.
      const { paused, ended, readyState, muted } = video;
      setState((current) => readVideoState(current, { paused, ended, readyState, muted }));
    };
    const onWaiting = () => setState(markWaiting);
    const onError = () => {
      if (video.error) setFailedAttempt(attempt);
    };
    const events = ['playing', 'pause', 'loadeddata', 'canplay', 'seeked', 'volumechange', 'emptied'] as const;
    for (const type of events) video.addEventListener(type, read);
    video.addEventListener('waiting', onWaiting);
    video.addEventListener('error', onError);
    return () => {
      for (const type of events) video.removeEventListener(type, read);
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('error', onError);
    };
  }, [videoRef, attempt]);

  const startPlayback = useCallback((video: HTMLVideoElement, withSound: boolean) => {
    video.muted = !withSound;
    video.play().catch((error: unknown) => {
      // Sound without a gesture refused (a reload): go on muted; the hint offers sound again.
      if (isNamedError(error, 'NotAllowedError') && !video.muted) {
        video.muted = true;
        video.play().catch(() => undefined);
      }
      // AbortError: a pause or a new source replaced this play, which is expected while swiping.
    });
  }, []);

  const failed = failedAttempt === attempt;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !loaded) return;
    if (!active) {
      video.pause();
      // Coming back to an item starts it over, as the genre's feeds do.
      if (wasActive.current && video.currentTime > 0) video.currentTime = 0;
      wasActive.current = false;
      return;
    }
    wasActive.current = true;
    if (userPaused || failed || hold) video.pause();
    else startPlayback(video, sound);
  }, [videoRef, loaded, active, hold, userPaused, failed, sound, attempt, startPlayback]);

  /** A tap: the first one brings sound, later ones pause and play. */
  const tap = useCallback(() => {
    const video = videoRef.current;
    if (!video || failed) return;
    if (video.muted) {
      setSound(true);
      setUserPaused(false);
      startPlayback(video, true);
      return;
    }
    setUserPaused((paused) => !paused);
  }, [videoRef, failed, startPlayback]);

  const toggleSound = useCallback(() => {
    const video = videoRef.current;
    const on = !(video ? !video.muted : sound);
    setSound(on);
    if (video) {
      video.muted = !on;
      if (on && !userPaused && video.paused) startPlayback(video, true);
    }
  }, [videoRef, sound, userPaused, startPlayback]);

  const togglePause = useCallback(() => setUserPaused((paused) => !paused), []);
  const retry = useCallback(() => setAttempt(Date.now()), []);

  let status: FeedVideoStatus = 'idle';
  if (failed) status = 'error';
  else if (loaded && active) {
    if (userPaused || hold) status = 'paused';
    else if (!state.ready || state.waiting) status = 'loading';
    else status = state.playing ? 'playing' : 'loading';
  }
  return { status, muted: state.muted, tap, toggleSound, togglePause, retry };
}
