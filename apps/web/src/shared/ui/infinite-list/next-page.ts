import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** What a page-numbered list answers with (`Paged` in the contracts), as far as paging goes. */
interface PageInfo {
  page: number;
  limit: number;
  total: number;
}

/** `getNextPageParam` for page-numbered lists: the next page while the ones read fall short of the total. */
export function nextPageOf(last: PageInfo): number | undefined {
  return last.page * last.limit < last.total ? last.page + 1 : undefined;
}

/**
 * The infinite query of a page-numbered list: from page 1, on while the pages read fall short
 * of the total.
 */
export function pagedListOptions<TPage extends PageInfo, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (page: number, signal: AbortSignal) => Promise<TPage>,
  options: { staleTime?: number } = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    ...options,
  });
}
