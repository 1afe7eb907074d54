import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@drama/contracts';
import { readJson, writeJson } from '../../../shared/storage/local-storage';
import { isPositiveIntList } from '../../../shared/storage/value-checks';

/** The episodes a guest has liked, kept on the device (DESIGN.md section 4). */
const readLikedIds = (value: unknown): number[] | null => (isPositiveIntList(value) ? value : null);
const MAX_ENTRIES = 500;

const listeners = new Set<() => void>();
let cache: readonly number[] | null = null;

export function readGuestLikes(): readonly number[] {
  cache ??= readJson(STORAGE_KEYS.guestLikes, readLikedIds) ?? [];
  return cache;
}

export function setGuestLike(episodeId: number, liked: boolean): void {
  const rest = readGuestLikes().filter((id) => id !== episodeId);
  cache = (liked ? [episodeId, ...rest] : rest).slice(0, MAX_ENTRIES);
  writeJson(STORAGE_KEYS.guestLikes, cache);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGuestLiked(episodeId: number | null): boolean {
  const likes = useSyncExternalStore(subscribe, readGuestLikes, readGuestLikes);
  return episodeId !== null && likes.includes(episodeId);
}
