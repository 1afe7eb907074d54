import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, favoriteListResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { pagedListOptions } from '../../../shared/ui/infinite-list/next-page';

const PAGE_SIZE = 20;

export function getFavorites(page: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.favorites(), {
    schema: favoriteListResponseSchema,
    query: { page, limit: PAGE_SIZE },
    locale,
    signal,
  });
}

/** The player invalidates this key when the member saves or removes a drama there. */
export function favoritesKey(userId: number) {
  return ['user', userId, 'favorites-list'] as const;
}

export function favoritesQueryOptions(userId: number, locale: Locale) {
  // A list the member changes from other screens: always checked again on opening.
  return pagedListOptions([...favoritesKey(userId), locale], (page, signal) => getFavorites(page, locale, signal), {
    staleTime: 0,
  });
}

export function useFavorites(userId: number) {
  const locale = useLocale();
  return useInfiniteQuery(favoritesQueryOptions(userId, locale));
}
