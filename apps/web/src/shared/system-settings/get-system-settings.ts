import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, STORAGE_KEYS, apiPaths, isLocale, type Locale, type SystemSettings } from '@drama/contracts';
import type { systemSettingsResponseSchema } from '@drama/contracts';
import { api } from '../api/api';
import { unchecked } from '../api/api-client';
import { useLocale } from '../i18n/i18n';
import { readJson, removeKey, writeJson } from '../storage/local-storage';

const TEXT_FIELDS = [
  'siteName',
  'siteLogo',
  'siteDescription',
  'siteDomain',
  'copyright',
  'userAgreement',
  'privacyPolicy',
  'icp',
  'contact',
] as const satisfies readonly (keyof SystemSettings)[];

interface CachedSettings {
  data: SystemSettings;
  timestamp: number;
  locale?: Locale;
}

/**
 * Checked by hand rather than with contracts' zod schema: every page reads this at start-up,
 * and zod is kept out of the first page's JavaScript (see `unchecked`).
 */
function readCachedSettings(value: unknown): CachedSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const { data, timestamp, locale } = value as Record<string, unknown>;
  if (typeof timestamp !== 'number' || (locale !== undefined && !isLocale(locale))) return null;
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  if (!TEXT_FIELDS.every((key) => typeof fields[key] === 'string')) return null;
  const follow = fields.followSystemTheme;
  if (follow !== undefined && typeof follow !== 'boolean') return null;
  // Settings cached before followSystemTheme existed default to it, as the schema does.
  return { data: { ...(data as SystemSettings), followSystemTheme: follow ?? true }, timestamp, locale };
}

// Kept 24 hours with the time it was fetched (spec section 4). The locale is kept too: the
// legal texts and tagline differ by language, so a copy without one (from before the texts
// were per locale) or of another language is fetched again.
function readCached(locale: Locale, now: number): SystemSettings | null {
  const cached = readJson(STORAGE_KEYS.systemSettings, readCachedSettings);
  if (!cached) return null;
  const stale = now - cached.timestamp > LIMITS.systemSettingsCacheMs || now < cached.timestamp;
  if (stale) {
    removeKey(STORAGE_KEYS.systemSettings);
    return null;
  }
  return cached.locale === locale ? cached.data : null;
}

export async function getSystemSettings(locale: Locale): Promise<SystemSettings> {
  const cached = readCached(locale, Date.now());
  if (cached) return cached;
  const data = await api.get(apiPaths.settings(), { schema: unchecked<typeof systemSettingsResponseSchema>(), locale });
  writeJson(STORAGE_KEYS.systemSettings, { data, timestamp: Date.now(), locale });
  return data;
}

export function systemSettingsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['system-settings', locale],
    queryFn: () => getSystemSettings(locale),
    staleTime: LIMITS.systemSettingsCacheMs,
    gcTime: LIMITS.systemSettingsCacheMs,
  });
}

export function useSystemSettings() {
  const locale = useLocale();
  return useQuery(systemSettingsQueryOptions(locale));
}
