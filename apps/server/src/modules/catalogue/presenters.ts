import type { DramaSummary, Episode, Locale } from '@drama/contracts';
import { pickText } from '../../platform/locale.js';
import { withMediaBase, type SubtitleLanguage } from './media-urls.js';
import type { DramaRecord, TagRecord } from './queries.js';

export function presentDrama(
  row: DramaRecord,
  tags: ReadonlyArray<Pick<TagRecord, 'id' | 'slug' | 'name'>>,
  locale: Locale,
  mediaBaseUrl: string | undefined,
): DramaSummary {
  return {
    id: row.id,
    title: pickText(row.title, locale),
    description: pickText(row.description, locale),
    coverUrl: withMediaBase(`/media/covers/${row.cover_path}`, mediaBaseUrl),
    category:
      row.category_id !== null && row.category_slug !== null && row.category_name !== null
        ? { id: row.category_id, slug: row.category_slug, name: pickText(row.category_name, locale) }
        : null,
    tags: tags.map((tag) => ({ id: tag.id, slug: tag.slug, name: pickText(tag.name, locale) })),
    episodeCount: row.episode_count,
    freeEpisodeCount: row.free_episode_count,
    viewCount: row.view_count,
    likeCount: row.like_count,
    favoriteCount: row.favorite_count,
    isCompleted: row.is_completed,
    publishedAt: row.published_at.toISOString(),
  };
}

/**
 * `playUrl`: the public address of a free episode (the one /play gives), null for a locked one.
 * `subtitleLanguages`: the languages it has subtitles in.
 */
export function presentEpisode(
  row: { id: number; drama_id: number; sequence: number; is_free: boolean; duration_seconds: number },
  playUrl: string | null,
  subtitleLanguages: SubtitleLanguage[],
): Episode {
  return {
    id: row.id,
    dramaId: row.drama_id,
    sequence: row.sequence,
    isFree: row.is_free,
    durationSeconds: row.duration_seconds,
    playUrl,
    subtitleLanguages,
  };
}
