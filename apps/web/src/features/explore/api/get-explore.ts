import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type Locale, type exploreResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';
import { exploreFeedQuery } from './explore-feed-query';

export function getExplore(cursor: string | null, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.explore(), {
    schema: unchecked<typeof exploreResponseSchema>(),
    query: exploreFeedQuery(cursor),
    locale,
    signal,
  });
}

/**
 * The feed, a cursor page at a time. Never refetched behind the viewer's back: a refetch
 * would re-ask every page and could reshuffle what is already on screen.
 */
export function exploreQueryOptions(locale: Locale) {
  return infiniteQueryOptions({
    queryKey: ['explore', 'feed', locale],
    queryFn: ({ pageParam, signal }) => getExplore(pageParam, locale, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useExploreFeed() {
  const locale = useLocale();
  return useInfiniteQuery(exploreQueryOptions(locale));
}
