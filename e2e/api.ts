import type { APIRequestContext } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  dramaListResponseSchema,
  systemSettingsResponseSchema,
  type Locale,
} from '@drama/contracts';

/** The same typed calls the app makes, so the tests compare the screen with the real answers. */
export async function hotDramas(request: APIRequestContext, locale: Locale) {
  const response = await request.get(`${API_BASE}${apiPaths.dramas()}?sort=hot&limit=10`, {
    headers: { 'Accept-Language': locale },
  });
  return dramaListResponseSchema.parse(await response.json()).data.items;
}

/** The settings as a viewer of `locale` gets them: the legal texts and tagline are per locale. */
export async function systemSettings(request: APIRequestContext, locale: Locale = 'en-US') {
  const response = await request.get(`${API_BASE}${apiPaths.settings()}`, { headers: { 'Accept-Language': locale } });
  return systemSettingsResponseSchema.parse(await response.json()).data;
}
