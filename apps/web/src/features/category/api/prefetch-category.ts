import type { QueryClient } from '@tanstack/react-query';
import { tagParamsSchema, type Locale } from '@drama/contracts';
import { categoriesQueryOptions } from './get-categories';
import { tagDramasQueryOptions } from './get-tag-dramas';

/** The tabs come first on the category screen; the grid's filter is in the address, read by the page. */
export function prefetchCategory(queryClient: QueryClient, locale: Locale): void {
  void queryClient.prefetchQuery(categoriesQueryOptions(locale));
}

/** A tag page opens on its hottest dramas unless the address asks otherwise. */
export function prefetchTag(
  queryClient: QueryClient,
  locale: Locale,
  params: Record<string, string | undefined>,
): void {
  const parsed = tagParamsSchema.safeParse({ tag: params.tagName });
  if (!parsed.success) return;
  void queryClient.prefetchInfiniteQuery(tagDramasQueryOptions(parsed.data.tag, 'hot', locale));
}
