import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { LIMITS, STORAGE_KEYS } from '@drama/contracts';
import { readString, writeJson } from '../storage/local-storage';

/**
 * A guest's watch history, kept on the device (spec section 3: dramaId, episodeId, timestamp),
 * newest first, at most 50 entries. `sequence` and `position` are extras the player records
 * so that "continue watching" can say where the viewer stopped without another call.
 */
export const localWatchRecordSchema = z.object({
  dramaId: z.number().int().positive(),
  episodeId: z.number().int().positive(),
  timestamp: z.number(),
  sequence: z.number().int().positive().optional(),
  position: z.number().nonnegative().optional(),
  /** Whole seconds into the episode, as the merge call takes it (contracts' localWatchEntrySchema). */
  progress: z.number().int().nonnegative().optional(),
  /** Already sent to a member's account at sign-in; kept so "continue watching" still shows it. */
  merged: z.boolean().optional(),
});
export type LocalWatchRecord = z.infer<typeof localWatchRecordSchema>;

const EMPTY: readonly LocalWatchRecord[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedRecords: readonly LocalWatchRecord[] = EMPTY;

/** One bad entry (an older app version, a hand edit) must not hide the rest. */
function parse(raw: string | null): readonly LocalWatchRecord[] {
  if (!raw) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    console.warn('[watch-history] stored history is not JSON; ignored');
    return EMPTY;
  }
  if (!Array.isArray(value)) return EMPTY;
  const records = value.flatMap((item) => {
    const parsed = localWatchRecordSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return records.sort((a, b) => b.timestamp - a.timestamp);
}

export function readLocalWatchHistory(): readonly LocalWatchRecord[] {
  const raw = readString(STORAGE_KEYS.watchHistory);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedRecords = parse(raw);
  }
  return cachedRecords;
}

function write(records: readonly LocalWatchRecord[]): void {
  writeJson(STORAGE_KEYS.watchHistory, records);
  for (const listener of listeners) listener();
}

/** Records a watch: one entry per drama, moved to the front, oldest dropped past the limit. */
export function recordLocalWatch(record: LocalWatchRecord): void {
  const rest = readLocalWatchHistory().filter((item) => item.dramaId !== record.dramaId);
  write([record, ...rest].slice(0, LIMITS.localHistoryMax));
}

/** Entries not yet sent to an account, newest first. */
export function unmergedLocalWatches(): readonly LocalWatchRecord[] {
  return readLocalWatchHistory().filter((record) => !record.merged);
}

/** Flags these entries as sent; an entry re-recorded since (a newer watch) stays unsent. */
export function markLocalWatchesMerged(sent: readonly LocalWatchRecord[]): void {
  const isSent = (record: LocalWatchRecord) =>
    sent.some(
      (item) =>
        item.dramaId === record.dramaId && item.episodeId === record.episodeId && item.timestamp === record.timestamp,
    );
  const current = readLocalWatchHistory();
  if (!current.some((record) => !record.merged && isSent(record))) return;
  write(current.map((record) => (isSent(record) ? { ...record, merged: true } : record)));
}

/** Forgets dramas the member removed from their history. */
export function forgetLocalWatches(dramaIds: readonly number[]): void {
  if (dramaIds.length === 0) return;
  const current = readLocalWatchHistory();
  const kept = current.filter((record) => !dramaIds.includes(record.dramaId));
  if (kept.length !== current.length) write(kept);
}

export function clearLocalWatchHistory(): void {
  if (readLocalWatchHistory().length > 0) write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.watchHistory || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLocalWatchHistory(): readonly LocalWatchRecord[] {
  return useSyncExternalStore(subscribe, readLocalWatchHistory, () => EMPTY);
}
