/** Business constants and limits of spec section 9, shared by client and server. */
export const LIMITS = {
  usernameMin: 4,
  usernameMax: 20,
  passwordMin: 6,
  verificationCodeLength: 6,
  apiTimeoutMs: 10_000,
  apiRetries: 2,
  apiRetryDelayMs: 300,
  responseCacheTtlMs: 5 * 60_000,
  responseCacheMaxEntries: 100,
  localCacheTtlMs: 5 * 60_000,
  localCacheVersion: '1.0.0',
  systemSettingsCacheMs: 24 * 60 * 60_000,
  localHistoryMax: 50,
  progressReportSeconds: 10,
  controlsAutoHideMs: 5_000,
  toastMs: 2_000,
  swipeThresholdPx: 50,
  stalledSourceRecheckMs: 30_000,
  subtitleWaitMs: 5_000,
  performanceSampleRate: 0.1,
  progressBarMinimum: 0.1,
  progressBarTrickleMs: 200,
  serviceHours: { open: '09:00', close: '22:00' },
  paymentExpiryMinutes: 15,
  codeResendSeconds: 60,
  codeDailyLimit: 10,
  codeValidMinutes: 10,
  signInMaxFailures: 5,
  signInLockMinutes: 15,
} as const;

export const SUBTITLE = {
  defaults: { fontSize: 16, backgroundOpacity: 0.8, position: 80, color: 'white', language: 'zh', visible: true },
  fontSizeMin: 12,
  fontSizeMax: 28,
  fontSizeStep: 2,
  languages: ['zh', 'zh-Hant', 'en'],
  colors: ['white', 'yellow', 'green', 'blue', 'red'],
  backgroundOpacities: [0, 0.5, 0.8],
} as const;

/** Keys the client keeps in local storage (spec section 3), exactly as named there. */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  userSettings: 'user_settings',
  systemSettings: 'system_settings',
  theme: 'vueuse-color-scheme',
  language: 'language',
  subtitleSettings: 'subtitle_settings',
  watchHistory: 'watch_history',
  guestLikes: 'guest_likes',
  searchHistory: 'search_history',
} as const;

/**
 * The orders of a drama list. Here rather than beside its schema in catalogue.ts, so that the
 * client's first page can read an address's `?sort=` without loading zod.
 */
export const DRAMA_SORTS = ['hot', 'latest'] as const;

/**
 * Widths the media server makes of every cover, for `srcset`: cards show a poster (600x800 in
 * the demo catalogue) at a third of its size or less, and a phone on mobile data should not
 * download the whole poster for a thumbnail.
 */
export const COVER_WIDTHS = [160, 320, 480] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

/**
 * The address of a cover's variant: `…/media/covers/{file}` becomes
 * `…/media/covers/w{width}/{file}.webp`. Null for an address the media server does not resize
 * (another host's image, or a cover in a sub-folder).
 */
export function coverVariantUrl(coverUrl: string, width: CoverWidth): string | null {
  // As the media server takes them: a bare file name, not hidden, of at most 195 characters.
  const match = /^(.*\/media\/covers\/)((?!\.)[^/?#\\]{1,190}\.(?:jpe?g|png|webp))$/i.exec(coverUrl);
  return match ? `${match[1]}w${width}/${match[2]}.webp` : null;
}
