import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@drama/contracts';
import { dramasQueryOptions, type DramaListParams } from './get-dramas';
import { featuredQueryOptions } from './get-featured';

export const HOT_RAIL: DramaListParams = { sort: 'hot', limit: 10 };
export const LATEST_RAIL: DramaListParams = { sort: 'latest', limit: 10 };

/**
 * Starts the above-the-fold calls as soon as the route matches, while the page's code is still
 * downloading, so the featured banner is not held up by a request waterfall.
 */
export function prefetchHome(queryClient: QueryClient, locale: Locale): void {
  void queryClient.prefetchQuery(featuredQueryOptions(locale));
  void queryClient.prefetchQuery(dramasQueryOptions(HOT_RAIL, locale));
  void queryClient.prefetchQuery(dramasQueryOptions(LATEST_RAIL, locale));
}
