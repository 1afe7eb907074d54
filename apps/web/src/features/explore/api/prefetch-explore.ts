import { apiPaths, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { exploreFeedQuery } from './explore-feed-query';

/** The first page of the feed is asked for while the page's code is still loading. */
export function prefetchExplore(_queryClient: unknown, locale: Locale): void {
  api.preload(apiPaths.explore(), { locale, query: exploreFeedQuery(null) });
}
