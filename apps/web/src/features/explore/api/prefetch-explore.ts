import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@drama/contracts';
import { exploreQueryOptions } from './get-explore';

/** The first page of the feed is asked for while the page's code is still loading. */
export function prefetchExplore(queryClient: QueryClient, locale: Locale): void {
  void queryClient.prefetchInfiniteQuery(exploreQueryOptions(locale));
}
