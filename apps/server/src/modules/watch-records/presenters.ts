import type { DramaSummary, ResumePoint, WatchRecordItem } from '@drama/contracts';
import type { RecordRow } from './queries.js';

export function presentResumePoint(row: RecordRow): ResumePoint {
  return {
    dramaId: row.drama_id,
    episodeId: row.episode_id,
    episodeSequence: row.episode_sequence,
    progressSeconds: row.progress_seconds,
    durationSeconds: row.duration_seconds,
    updatedAt: row.watched_at.toISOString(),
  };
}

export function presentWatchRecord(row: RecordRow & { episode_count: number }, drama: DramaSummary): WatchRecordItem {
  return { ...presentResumePoint(row), drama, totalEpisodes: row.episode_count };
}
