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
  likeCheck: (episodeId: number) => `/client/episodes/${episodeId}/like/check`,
  like: (episodeId: number) => `/client/episodes/${episodeId}/like`,
  likes: () => '/client/likes',
  favorites: () => '/client/favorites',
  favorite: (dramaId: number) => `/client/favorites/dramas/${dramaId}`,
  favoriteCheck: (dramaId: number) => `/client/favorites/dramas/${dramaId}/check`,
  watch: (dramaId: number, episodeId: number) => `/client/watch-records/${dramaId}/episodes/${episodeId}/watch`,
  progress: (dramaId: number) => `/client/watch-records/${dramaId}/progress`,
  watchRecords: () => '/client/watch-records',
  watchRecord: (dramaId: number) => `/client/watch-records/${dramaId}`,
  mergeWatchRecords: () => '/client/watch-records/merge',
  search: () => '/client/search',
  hotSearches: () => '/client/search/hot',
  explore: () => '/client/explore',
  plans: () => '/client/membership/plans',
  paymentChannels: () => '/client/payments/channels',
  orders: () => '/client/orders',
  order: (id: number) => `/client/orders/${id}`,
  cancelOrder: (id: number) => `/client/orders/${id}/cancel`,
  /** The channels' notifications (public, verified by signature). */
  paymentNotify: (channel: 'alipay' | 'wechat' | 'sandbox') => `/payments/notify/${channel}`,
  sandboxCheckout: (orderNo: string) => `/sandbox/checkout/${encodeURIComponent(orderNo)}`,
} as const;

/** The sandbox checkout page a sandbox QR code opens (outside /api/v1). */
export const sandboxCheckoutPagePath = (orderNo: string) => `/sandbox/checkout/${encodeURIComponent(orderNo)}`;
