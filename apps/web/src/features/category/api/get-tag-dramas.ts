import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, tagDramasResponseSchema, type DramaSort, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { loadRetryDelay, shouldRetryLoad } from '../lib/load-retry';
import { GRID_PAGE_SIZE } from './grid-query';
import { nextPageOf } from '../../../shared/ui/infinite-list/next-page';

/** `GET /client/dramas/tag/{tag}`: the tag is a slug or a localized name; `tag` is null when unknown. */
export function getTagDramas(tag: string, sort: DramaSort, page: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.dramasByTag(tag), {
    schema: tagDramasResponseSchema,
    query: { sort, page, limit: GRID_PAGE_SIZE },
    locale,
    signal,
    cache: true,
    retry: false,
  });
}

export function tagDramasQueryOptions(tag: string, sort: DramaSort, locale: Locale) {
  return infiniteQueryOptions({
    queryKey: ['dramas', 'tag', locale, tag, sort],
    queryFn: ({ pageParam, signal }) => getTagDramas(tag, sort, pageParam, locale, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    retry: shouldRetryLoad,
    retryDelay: loadRetryDelay,
  });
}

export function useTagDramas(tag: string, sort: DramaSort) {
  const locale = useLocale();
  return useInfiniteQuery(tagDramasQueryOptions(tag, sort, locale));
}
