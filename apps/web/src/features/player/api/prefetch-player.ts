import { apiPaths, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/**
 * Sends the drama's call while the player's code is still loading, so a cold open reaches its
 * first frame sooner (DESIGN.md section 6). `usePlayerDrama` reads the answer and parses it.
 * Bundled with the route table: it imports no schema.
 */
export function prefetchPlayer(_queryClient: unknown, locale: Locale, params: Record<string, string | undefined>): void {
  const raw = params.id ?? '';
  if (!/^\d{1,12}$/.test(raw) || Number(raw) <= 0) return;
  api.preload(apiPaths.drama(Number(raw)), { locale });
}
