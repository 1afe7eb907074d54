/**
 * API paths, relative to `/api/v1`, exactly as the spec and DESIGN.md name them.
 * Both the client and the tests build URLs from here.
 */
export const API_BASE = '/api/v1';

export const apiPaths = {
  health: () => '/health',
  settings: () => '/client/settings',
  dramas: () => '/client/dramas',
  featured: () => '/client/dramas/featured',
  dramasByTag: (tag: string) => `/client/dramas/tag/${encodeURIComponent(tag)}`,
  drama: (id: number) => `/client/dramas/${id}`,
  dramaEpisodes: (id: number) => `/client/episodes/drama/${id}`,
  /** The spec's odd path for the same list, kept as written. */
  dramaEpisodesLegacy: (id: number) => `/dramas/episodes/${id}`,
  play: (episodeId: number) => `/client/episodes/${episodeId}/play`,
  categories: () => '/client/categories',
  tags: () => '/client/tags',
} as const;
