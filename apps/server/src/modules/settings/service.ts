import { type SystemSettings, systemSettingsSchema } from '@drama/contracts';
import { TtlCache } from '../../platform/cache.js';
import type { Db } from '../../db/database.js';
import { readSettings, upsertSettings } from './queries.js';

const EMPTY: SystemSettings = {
  siteName: 'Short Drama',
  siteLogo: '',
  siteDescription: '',
  siteDomain: '',
  copyright: '',
  userAgreement: '',
  privacyPolicy: '',
  icp: '',
  contact: '',
  followSystemTheme: true,
};

export class SettingsService {
  private readonly cache = new TtlCache<SystemSettings>(30_000, 1);

  constructor(private readonly db: Db) {}

  /** The public settings; unknown keys are ignored and missing ones take their defaults. */
  async get(): Promise<SystemSettings> {
    return this.cache.getOrLoad('settings', async () => {
      const stored = await readSettings(this.db);
      const merged = { ...EMPTY, ...stored };
      const parsed = systemSettingsSchema.safeParse(merged);
      return parsed.success ? parsed.data : EMPTY;
    });
  }

  invalidate(): void {
    this.cache.clear();
  }

  /** Changes some settings; the public read sees them at once (this instance's cache is dropped). */
  async update(patch: Partial<SystemSettings>): Promise<SystemSettings> {
    await upsertSettings(this.db, patch, new Date());
    this.invalidate();
    return this.get();
  }
}
