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
