import type { LikeRecord, LikeStatus, Locale } from '@drama/contracts';
import { pickText } from '../../platform/locale.js';
import { withMediaBase } from '../catalogue/media-urls.js';
import type { LikeListRow } from './queries.js';

/** The spec's like status: its `dramaId` holds the episode id. */
export function presentLikeStatus(episodeId: number, isLiked: boolean, likeCount: number): LikeStatus {
  return { dramaId: episodeId, isLiked, likeCount: Math.max(0, likeCount) };
}

export function presentLikeRecord(row: LikeListRow, locale: Locale, mediaBaseUrl: string | undefined): LikeRecord {
  return {
    id: row.id,
    userId: row.user_id,
    dramaId: row.episode_id,
    episode: {
      id: row.episode_id,
      sequence: row.sequence,
      dramaId: row.drama_id,
      dramaTitle: pickText(row.drama_title, locale),
      coverUrl: withMediaBase(`/media/covers/${row.cover_path}`, mediaBaseUrl),
    },
    createdAt: row.created_at.toISOString(),
  };
}
