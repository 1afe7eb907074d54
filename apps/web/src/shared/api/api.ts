import { API_BASE } from '@drama/contracts';
import { currentLocale } from '../i18n/i18n';
import { handleUnauthorized } from '../session/unauthorized-policy';
import { getSession } from '../session/session-store';
import { createApiClient } from './api-client';
import { takeEarlyResponse } from './early-call';

/** The app's client: wired to the session, the locale and the app's 401 policy. */
export const api = createApiClient({
  baseUrl: API_BASE,
  getToken: () => getSession().token,
  getLocale: currentLocale,
  onUnauthorized: handleUnauthorized,
  takeEarlyResponse,
});
