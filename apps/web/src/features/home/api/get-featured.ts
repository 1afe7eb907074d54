import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@drama/contracts';
import type { dramaFeaturedResponseSchema, Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';

export function getFeatured(locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.featured(), { schema: unchecked<typeof dramaFeaturedResponseSchema>(), locale, signal, cache: true });
}

export function featuredQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['dramas', 'featured', locale],
    queryFn: ({ signal }) => getFeatured(locale, signal),
  });
}

export function useFeatured() {
  const locale = useLocale();
  return useQuery(featuredQueryOptions(locale));
}
