import { apiPaths, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/** The hot list is what an empty search screen shows first; ask for it while the page's code loads. */
export function prefetchSearch(_queryClient: unknown, locale: Locale): void {
  api.preload(apiPaths.hotSearches(), { locale });
}
