import { useSyncExternalStore } from 'react';
import { LIMITS, STORAGE_KEYS } from '@drama/contracts';
import { readString, writeJson } from '../storage/local-storage';
import { readUserSettings } from '../user-settings/user-settings';
import { isNonNegative, isPositiveInt } from '../storage/value-checks';

/**
 * A guest's watch history, kept on the device (spec section 3: dramaId, episodeId, timestamp),
 * newest first, at most 50 entries. `sequence` and `position` are extras the player records
 * so that "continue watching" can say where the viewer stopped without another call.
 */
export interface LocalWatchRecord {
  dramaId: number;
  episodeId: number;
  timestamp: number;
  sequence?: number;
  position?: number;
  /** Whole seconds into the episode, as the merge call takes it (contracts' localWatchEntrySchema). */
  progress?: number;
  /** Already sent to a member's account at sign-in; kept so "continue watching" still shows it. */
  merged?: boolean;
}

/**
 * Checked by hand, not with zod: the home page reads this, and zod is kept out of the first
 * page's JavaScript (shared/api/api-client.ts, `unchecked`). Unknown keys are dropped.
 */
export function readLocalWatchRecord(value: unknown): LocalWatchRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { dramaId, episodeId, timestamp, sequence, position, progress, merged } = value as Record<string, unknown>;
  if (!isPositiveInt(dramaId) || !isPositiveInt(episodeId)) return null;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
  if (sequence !== undefined && !isPositiveInt(sequence)) return null;
  if (position !== undefined && !isNonNegative(position)) return null;
  if (progress !== undefined && !(Number.isSafeInteger(progress) && isNonNegative(progress))) return null;
  if (merged !== undefined && typeof merged !== 'boolean') return null;
  const record: LocalWatchRecord = { dramaId, episodeId, timestamp };
  if (sequence !== undefined) record.sequence = sequence;
  if (position !== undefined) record.position = position;
  if (progress !== undefined) record.progress = progress;
  if (merged !== undefined) record.merged = merged;
  return record;
}

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
    const record = readLocalWatchRecord(item);
    return record ? [record] : [];
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

/**
 * Records a watch: one entry per drama, moved to the front, oldest dropped past the limit.
 * Nothing at all while the history switch is off (spec section 3, privacy.history).
 */
export function recordLocalWatch(record: LocalWatchRecord): void {
  if (!readUserSettings().privacy.history) return;
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
