import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type categoryListResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';

export function getCategories(locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.categories(), {
    schema: unchecked<typeof categoryListResponseSchema>(),
    locale,
    signal,
    cache: true,
  });
}

export function categoriesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['categories', locale],
    queryFn: ({ signal }) => getCategories(locale, signal),
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  const locale = useLocale();
  return useQuery(categoriesQueryOptions(locale));
}
