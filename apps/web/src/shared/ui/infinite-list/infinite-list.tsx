import { useCallback, useMemo, type Key, type ReactNode } from 'react';
import { ErrorState } from '../error-state';
import { LoadMore } from '../load-more';

/** What the list reads of a TanStack `useInfiniteQuery` result over pages of items. */
export interface InfiniteListQuery<TItem> {
  data: { pages: readonly { items: readonly TItem[] }[] } | undefined;
  error: unknown;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * Every item of the pages read so far, each once: a row added between two page loads shifts
 * the pages by one, and its neighbour must not show twice. Pass a `keyOf` defined outside the
 * component so the list is worked out again only when the pages change.
 */
export function useListItems<TItem>(data: InfiniteListQuery<TItem>['data'], keyOf: (item: TItem) => Key): TItem[] {
  return useMemo(() => {
    const all = data?.pages.flatMap((page) => page.items) ?? [];
    return all.filter((item, index) => all.findIndex((other) => keyOf(other) === keyOf(item)) === index);
  }, [data, keyOf]);
}

export interface InfiniteListProps<TItem> {
  query: InfiniteListQuery<TItem>;
  /** What makes an item the same item on another page; defined outside the component. */
  keyOf: (item: TItem) => Key;
  /** The shape of the rows while the first page loads. */
  skeleton: ReactNode;
  /** Shown when the list has nothing in it. */
  renderEmpty: () => ReactNode;
  /** The list itself, given every item read so far. */
  children: (items: TItem[]) => ReactNode;
  /** The first page failed; the shared error with a retry when omitted. */
  renderError?: (error: unknown, retry: () => void) => ReactNode;
  errorClassName?: string;
  /** Under a list that has everything; nothing when omitted. */
  endText?: string;
  loadMoreClassName?: string;
}

/**
 * The body of a page that is one endless list: rows' shapes while the first page loads, the
 * error with a retry if it failed, the empty state, then the list with the next page loading
 * as its end comes into view.
 */
export function InfiniteList<TItem>({
  query,
  keyOf,
  skeleton,
  renderEmpty,
  children,
  renderError,
  errorClassName,
  endText,
  loadMoreClassName,
}: InfiniteListProps<TItem>) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = query;
  const items = useListItems(data, keyOf);
  // A page asked for while the list is read again waits for that instead of cancelling it.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);

  if (isPending) return skeleton;
  if (error && !data) {
    return renderError ? renderError(error, retry) : <ErrorState error={error} onRetry={retry} className={errorClassName} />;
  }
  if (items.length === 0) return renderEmpty();
  return (
    <>
      {children(items)}
      <LoadMore
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        onLoadMore={loadMore}
        error={isFetchNextPageError ? error : undefined}
        endText={endText}
        className={loadMoreClassName}
      />
    </>
  );
}
