import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, searchResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { nextPageOf } from '../../../shared/ui/infinite-list/next-page';

export const SEARCH_PAGE_SIZE = 10;

interface SearchRequest {
  keyword: string;
  page: number;
  /** While typing: the same answer, but not counted towards hot searches. */
  suggest: boolean;
}

export function searchDramas({ keyword, page, suggest }: SearchRequest, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.search(), {
    schema: searchResponseSchema,
    query: { keyword, page, limit: SEARCH_PAGE_SIZE, suggest: String(suggest) },
    locale,
    signal,
  });
}

/**
 * Results page by page. Only the first page of a submitted search counts as a search; the
 * pages that infinite scroll brings after it are always asked as suggestions.
 */
export function searchInfiniteQueryOptions(keyword: string, suggest: boolean, locale: Locale) {
  return infiniteQueryOptions({
    queryKey: ['search', 'results', locale, keyword, suggest ? 'suggest' : 'submit'],
    queryFn: ({ pageParam, signal }) =>
      searchDramas({ keyword, page: pageParam, suggest: suggest || pageParam > 1 }, locale, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useSearchResults(keyword: string, suggest: boolean) {
  const locale = useLocale();
  return useInfiniteQuery({
    ...searchInfiniteQueryOptions(keyword, suggest, locale),
    enabled: keyword.length > 0,
    // The list stays while the next keystroke's answer is on its way: no flash of skeletons.
    placeholderData: keepPreviousData,
  });
}
