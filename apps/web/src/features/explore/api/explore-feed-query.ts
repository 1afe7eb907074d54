export const EXPLORE_PAGE_SIZE = 5;

/** The feed call's query: shared by the page's call and the route's preload, which must match it. */
export function exploreFeedQuery(cursor: string | null): { cursor: string | undefined; limit: number } {
  return { cursor: cursor ?? undefined, limit: EXPLORE_PAGE_SIZE };
}
