import type { DramaSummary, FavoriteItem, FavoriteStatus } from '@drama/contracts';
import type { FavoriteListRow } from './queries.js';

export function presentFavoriteStatus(isFavorited: boolean, favoriteCount: number): FavoriteStatus {
  return { isFavorited, favoriteCount: Math.max(0, favoriteCount) };
}

export function presentFavorite(row: FavoriteListRow, drama: DramaSummary): FavoriteItem {
  return {
    drama,
    episodeSequence: row.episode_sequence,
    totalEpisodes: row.episode_count,
    createdAt: row.favorited_at.toISOString(),
  };
}
