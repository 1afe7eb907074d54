import type { QueryClient } from '@tanstack/react-query';
import { api } from '../shared/api/api';
import { currentLocale } from '../shared/i18n/i18n';
import { getSession, initSession, logout, subscribeSession } from '../shared/session/session-store';
import { systemSettingsQueryOptions } from '../shared/system-settings/get-system-settings';
import { startMemberSettingsSync } from '../shared/user-settings/member-settings-sync';
import { initTheme } from '../shared/theme/theme-store';
import { startVitals } from '../shared/vitals/start-vitals';
import { registerServiceWorker } from './register-service-worker';

/**
 * Start-up in the spec's order (section 4): system settings, then the session, then the theme.
 * The settings call is not awaited: only the title depends on it, and the first page should
 * not wait for it. Its failure is only logged (spec section 7).
 */
export function bootstrap(queryClient: QueryClient): void {
  queryClient.fetchQuery(systemSettingsQueryOptions(currentLocale())).catch((error: unknown) => {
    console.warn('[startup] failed to get system settings', error);
  });
  try {
    initSession();
    initTheme();
  } catch (error) {
    console.warn('[startup] failed; signing out', error);
    logout();
  }

  // Cached answers were fetched as someone else; a sign-in or sign-out must not reuse them.
  let token = getSession().token;
  subscribeSession(() => {
    const next = getSession().token;
    if (next === token) return;
    token = next;
    api.clearCache();
    // One member's own data must never be shown, even for a moment, to the next one.
    queryClient.removeQueries({ queryKey: ['user'] });
    void queryClient.invalidateQueries();
  });

  // A member's switches come from the server on this start and at every sign-in.
  startMemberSettingsSync();
  registerServiceWorker();
  startVitals();
}
