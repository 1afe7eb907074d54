import { apiPaths, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { readGridParams } from '../lib/filter-params';
import { gridQuery } from './grid-query';

/** The tabs and the grid's first page, as the address asks for them. */
export function prefetchCategory(
  _queryClient: unknown,
  locale: Locale,
  _params: Record<string, string | undefined>,
  search: URLSearchParams,
): void {
  api.preload(apiPaths.categories(), { locale });
  api.preload(apiPaths.dramas(), { locale, query: gridQuery(readGridParams(search), 1) });
}
