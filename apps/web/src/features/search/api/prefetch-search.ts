import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@drama/contracts';
import { hotSearchesQueryOptions } from './get-hot-searches';

/** The hot list is what an empty search screen shows first; ask for it while the page's code loads. */
export function prefetchSearch(queryClient: QueryClient, locale: Locale): void {
  void queryClient.prefetchQuery(hotSearchesQueryOptions(locale));
}
