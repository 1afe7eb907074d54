import { z } from 'zod';
import { ok } from './envelope.js';
import type { Locale } from './locale.js';

/** System settings (spec section 3). Legal texts carry `{contact}` and `{platformName}` placeholders. */
export const systemSettingsSchema = z.object({
  siteName: z.string(),
  siteLogo: z.string(),
  siteDescription: z.string(),
  siteDomain: z.string(),
  copyright: z.string(),
  userAgreement: z.string(),
  privacyPolicy: z.string(),
  icp: z.string(),
  contact: z.string(),
  followSystemTheme: z.boolean().default(true),
  /**
   * The official account the "Follow us" task leads to: a link, and/or the address of its QR
   * image. Both empty: the task is not offered. Per locale, like the legal texts.
   */
  followUsLink: z.string().default(''),
  followUsQrImage: z.string().default(''),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/**
 * Texts an operator gives per locale (DESIGN.md section 4): the legal texts and the tagline.
 * The spec's fields above hold the default locale's (zh-CN); `GET /client/settings` answers
 * with the viewer's locale's text, or the default's where that locale has none.
 */
export const LOCALIZED_SETTING_FIELDS = [
  'userAgreement',
  'privacyPolicy',
  'siteDescription',
  'followUsLink',
  'followUsQrImage',
] as const;
export type LocalizedSettingField = (typeof LOCALIZED_SETTING_FIELDS)[number];
export const SETTINGS_TRANSLATION_LOCALES = ['zh-Hant', 'en-US'] as const satisfies readonly Locale[];
export type SettingsTranslationLocale = (typeof SETTINGS_TRANSLATION_LOCALES)[number];

/** An https address, or '' for none: the follow target opens outside the app, never over plain http. */
export const httpsUrlOrEmptySchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || (URL.canParse(value) && new URL(value).protocol === 'https:'), {
    error: 'must be an https:// address, or empty for none',
  });

/**
 * An image address: https, or a path on this site ('/media/brand/follow-qr.png'), or '' for
 * none. The web app's CSP loads images from its own origin and the media origin only, so an
 * image elsewhere belongs under MEDIA_BASE_URL or MEDIA_DIR/brand.
 */
export const imageUrlOrEmptySchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) =>
      value === '' || /^\/(?![/\\])[^\s]*$/.test(value) || (URL.canParse(value) && new URL(value).protocol === 'https:'),
    { error: 'must be an https:// address or a path on this site, or empty for none' },
  );

const settingsTextsSchema = z.object({
  userAgreement: z.string(),
  privacyPolicy: z.string(),
  siteDescription: z.string(),
  followUsLink: z.string(),
  followUsQrImage: z.string(),
});
const settingsTextsPatchSchema = settingsTextsSchema
  .partial()
  .extend({ followUsLink: httpsUrlOrEmptySchema.optional(), followUsQrImage: imageUrlOrEmptySchema.optional() })
  .strict();

/** Every locale's own texts; an empty one means "show the default locale's". */
export const settingsTranslationsSchema = z.object({ 'zh-Hant': settingsTextsSchema, 'en-US': settingsTextsSchema });
export type SettingsTranslations = z.infer<typeof settingsTranslationsSchema>;

/** What the operator reads: the spec's fields and the other locales' texts. */
export const adminSystemSettingsSchema = systemSettingsSchema.extend({ translations: settingsTranslationsSchema });
export type AdminSystemSettings = z.infer<typeof adminSystemSettingsSchema>;

/** What the operator may change: any subset, down to one text of one locale. */
export const adminSystemSettingsPatchSchema = systemSettingsSchema
  .partial()
  .extend({
    // Without a default: a change that leaves it out must keep the stored value, not reset it.
    followSystemTheme: z.boolean().optional(),
    followUsLink: httpsUrlOrEmptySchema.optional(),
    followUsQrImage: imageUrlOrEmptySchema.optional(),
    translations: z
      .object({ 'zh-Hant': settingsTextsPatchSchema.optional(), 'en-US': settingsTextsPatchSchema.optional() })
      .strict()
      .optional(),
  })
  .strict();
export type AdminSystemSettingsPatch = z.infer<typeof adminSystemSettingsPatchSchema>;

export const LEGAL_PLACEHOLDERS = { contact: '{contact}', platformName: '{platformName}' } as const;

export const systemSettingsResponseSchema = ok(systemSettingsSchema);

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export const healthResponseSchema = ok(healthSchema);
