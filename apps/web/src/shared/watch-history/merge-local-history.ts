import type { QueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  apiPaths,
  localWatchEntrySchema,
  mergeWatchRecordsResponseSchema,
  type MergeWatchRecordsBody,
} from '@drama/contracts';
import { api } from '../api/api';
import { getSession } from '../session/session-store';
import { readUserSettings } from '../user-settings/user-settings';
import { markLocalWatchesMerged, unmergedLocalWatches, type LocalWatchRecord } from './local-watch-history';

let running: Promise<void> | null = null;

function toEntry(record: LocalWatchRecord): MergeWatchRecordsBody['records'][number] | null {
  const parsed = localWatchEntrySchema.safeParse({
    dramaId: record.dramaId,
    episodeId: record.episodeId,
    progress: record.progress ?? Math.floor(record.position ?? 0),
    timestamp: Math.floor(record.timestamp),
  });
  return parsed.success ? parsed.data : null;
}

async function merge(queryClient: QueryClient, userId: number): Promise<void> {
  // With history off the server would take nothing; the entries stay unsent, so turning it
  // back on (the history page is where that is offered) sends them then.
  if (!readUserSettings().privacy.history) return;
  const pending = unmergedLocalWatches().slice(0, LIMITS.localHistoryMax);
  const sendable = pending.flatMap((record) => {
    const entry = toEntry(record);
    return entry ? [{ record, entry }] : [];
  });
  if (sendable.length === 0) {
    // Nothing the server could take (a hand-edited entry): do not try it again and again.
    markLocalWatchesMerged(pending);
    return;
  }
  const token = getSession().token;
  try {
    // Safe to repeat: of two records of one drama the later watch wins.
    await api.post(apiPaths.mergeWatchRecords(), {
      schema: mergeWatchRecordsResponseSchema,
      body: { records: sendable.map(({ entry }) => entry) } satisfies MergeWatchRecordsBody,
      retry: true,
    });
  } catch (error) {
    console.warn('[watch-history] merging the local history failed; kept for a later try', error);
    return;
  }
  // Someone else signed in meanwhile: the answer was for the previous account, which has it now.
  markLocalWatchesMerged(pending);
  if (getSession().token !== token) return;
  await queryClient.invalidateQueries({ queryKey: ['user', userId, 'watch-records'] });
}

/**
 * Sends what this device watched as a guest to the member's account (DESIGN.md section 4:
 * signing in merges the local history), once: sent entries are flagged, not deleted, so the
 * home page's "continue watching" still shows them. A failure only warns and leaves them
 * unsent for the next sign-in or the next visit to the history page, as does the history switch
 * being off. Never rejects.
 */
export function mergeLocalWatchHistory(queryClient: QueryClient, userId: number): Promise<void> {
  running ??= merge(queryClient, userId)
    .catch((error: unknown) => console.warn('[watch-history] merging the local history failed', error))
    .finally(() => {
      running = null;
    });
  return running;
}
