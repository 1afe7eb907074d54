import type { DramaSort } from '@drama/contracts';

/** Four full rows of the three-column grid. */
export const GRID_PAGE_SIZE = 12;

export interface CategoryFilter {
  /** A category slug; undefined for all dramas. */
  category?: string;
  sort: DramaSort;
}

/** The grid call's query: shared by the page's call and the route's preload, which must match it. */
export function gridQuery(filter: CategoryFilter, page: number) {
  return { category: filter.category, sort: filter.sort, page, limit: GRID_PAGE_SIZE };
}
