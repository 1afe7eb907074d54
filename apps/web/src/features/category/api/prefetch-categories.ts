import { apiPaths, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/** The tabs come first on the category screen; the grid's filter is in the address, read by the page. */
export function prefetchCategory(_queryClient: unknown, locale: Locale): void {
  api.preload(apiPaths.categories(), { locale });
}
