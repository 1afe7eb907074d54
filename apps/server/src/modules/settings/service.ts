import {
  type AdminSystemSettings,
  type AdminSystemSettingsPatch,
  LOCALIZED_SETTING_FIELDS,
  type Locale,
  SETTINGS_TRANSLATION_LOCALES,
  type SettingsTranslations,
  siteNameIn,
  type SystemSettings,
  systemSettingsSchema,
} from '@drama/contracts';
import { writeAudit } from '../../platform/audit.js';
import { TtlCache } from '../../platform/cache.js';
import type { Actor } from '../../platform/operators.js';
import type { Db } from '../../db/database.js';
import { readSettings, translationKey, upsertSettings } from './queries.js';

const EMPTY: SystemSettings = {
  // None set: each reader sees the product's name in their language (siteNameIn).
  siteName: '',
  siteLogo: '',
  siteDescription: '',
  siteDomain: '',
  copyright: '',
  userAgreement: '',
  privacyPolicy: '',
  icp: '',
  contact: '',
  followSystemTheme: true,
  followUsLink: '',
  followUsQrImage: '',
};

function readTranslations(stored: Record<string, unknown>): SettingsTranslations {
  const texts = (locale: Locale) => {
    const text = (field: (typeof LOCALIZED_SETTING_FIELDS)[number]) => {
      const value = stored[translationKey(field, locale)];
      return typeof value === 'string' ? value : '';
    };
    return Object.fromEntries(LOCALIZED_SETTING_FIELDS.map((field) => [field, text(field)])) as Record<
      (typeof LOCALIZED_SETTING_FIELDS)[number],
      string
    >;
  };
  return { 'zh-Hant': texts('zh-Hant'), 'en-US': texts('en-US') };
}

/** Each locale's texts as rows of their own, so that changing one keeps the others. */
function translationRows(patch: AdminSystemSettingsPatch['translations']): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const locale of SETTINGS_TRANSLATION_LOCALES) {
    for (const field of LOCALIZED_SETTING_FIELDS) {
      const value = patch?.[locale]?.[field];
      if (value !== undefined) rows[translationKey(field, locale)] = value;
    }
  }
  return rows;
}

function isTranslationLocale(locale: Locale): locale is (typeof SETTINGS_TRANSLATION_LOCALES)[number] {
  return (SETTINGS_TRANSLATION_LOCALES as readonly Locale[]).includes(locale);
}

export class SettingsService {
  private readonly cache = new TtlCache<AdminSystemSettings>(30_000, 1);

  constructor(private readonly db: Db) {}

  /** Every setting with each locale's texts, as the operator sees them. Unknown keys are ignored; missing ones take their defaults. */
  async get(): Promise<AdminSystemSettings> {
    return this.cache.getOrLoad('settings', async () => {
      const stored = await readSettings(this.db);
      const parsed = systemSettingsSchema.safeParse({ ...EMPTY, ...stored });
      return { ...(parsed.success ? parsed.data : EMPTY), translations: readTranslations(stored) };
    });
  }

  /**
   * The public settings in the viewer's locale: a locale's own legal texts and tagline, or the
   * default locale's where it has none (DESIGN.md section 4), and the product's name in the
   * viewer's language unless an operator named the site otherwise.
   */
  async forLocale(locale: Locale): Promise<SystemSettings> {
    const { translations, ...stored } = await this.get();
    const settings = { ...stored, siteName: siteNameIn(stored.siteName, locale) };
    if (!isTranslationLocale(locale)) return settings;
    const own = translations[locale];
    const localized = { ...settings };
    for (const field of LOCALIZED_SETTING_FIELDS) {
      if (own[field].trim() !== '') localized[field] = own[field];
    }
    return localized;
  }

  invalidate(): void {
    this.cache.clear();
  }

  /** Changes some settings; the public read sees them at once (this instance's cache is dropped). */
  /** Writes the changed settings and their audit row (each changed key's value before and after) together. */
  async update(patch: AdminSystemSettingsPatch, actor: Actor): Promise<AdminSystemSettings> {
    const { translations, ...fields } = patch;
    const values: Record<string, unknown> = { ...fields, ...translationRows(translations) };
    await this.db.transaction().execute(async (trx) => {
      const stored = await readSettings(trx);
      const keys = Object.keys(values);
      await upsertSettings(trx, values, new Date());
      await writeAudit(trx, actor, {
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        before: Object.fromEntries(keys.map((key) => [key, stored[key] ?? null])),
        after: values,
      });
    });
    this.invalidate();
    return this.get();
  }
}
