import { useSyncExternalStore } from 'react';
import { readFeedSession, rememberSound } from './feed-session';

/**
 * Whether the feed plays with sound. Videos start muted (browsers allow only that without a
 * gesture); one tap turns sound on for the rest of the session.
 */
let sound: boolean | null = null;
const listeners = new Set<() => void>();

export function getSound(): boolean {
  sound ??= readFeedSession().sound;
  return sound;
}

export function setSound(on: boolean): void {
  if (getSound() === on) return;
  sound = on;
  rememberSound(on);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSound(): boolean {
  return useSyncExternalStore(subscribe, getSound, getSound);
}
