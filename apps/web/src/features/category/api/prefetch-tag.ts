import type { QueryClient } from '@tanstack/react-query';
import { tagParamsSchema, type Locale } from '@drama/contracts';
import { tagDramasQueryOptions } from './get-tag-dramas';

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
