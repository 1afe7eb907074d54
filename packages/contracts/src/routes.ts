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
  signUp: () => '/client/auth/sign-up',
  signIn: () => '/client/auth/sign-in',
  signOut: () => '/client/auth/sign-out',
  authCodes: () => '/client/auth/codes',
  resetPassword: () => '/client/auth/reset-password',
  me: () => '/client/user/me',
  changePassword: () => '/client/user/password',
  bindPhone: () => '/client/user/bind-phone',
  bindEmail: () => '/client/user/bind-email',
  adminOutbox: () => '/admin/outbox',
  adminUsers: () => '/admin/users',
  adminUserDisable: (id: number) => `/admin/users/${id}/disable`,
  adminUserEnable: (id: number) => `/admin/users/${id}/enable`,
  adminUserVip: (id: number) => `/admin/users/${id}/vip`,
} as const;
