import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@drama/contracts';
import { playerDramaQueryOptions } from './get-player-drama';

/**
 * Starts the drama's call while the player's code is still loading, so a cold open reaches its
 * first frame sooner (DESIGN.md section 6). Kept tiny: the route table imports it eagerly.
 */
export function prefetchPlayer(queryClient: QueryClient, locale: Locale, params: Record<string, string | undefined>): void {
  const raw = params.id ?? '';
  if (!/^\d{1,12}$/.test(raw) || Number(raw) <= 0) return;
  void queryClient.prefetchQuery(playerDramaQueryOptions(Number(raw), locale));
}
