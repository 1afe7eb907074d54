import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Spinner } from '../../../shared/ui/video-status';
import { exploreQueryOptions, useExploreFeed } from '../api/get-explore';
import { ExploreFeed } from '../components/explore-feed';
import { MoreComing, SeenEverything } from '../components/feed-end';
import { forgetSeen, hiddenOnOpen, markShown, readFeedSession, visibleItems } from '../lib/feed-session';
import '../explore.css';

/** The next page is asked for when the viewer is this many items from the end. */
const PREFETCH_DISTANCE = 2;

function FeedSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="explore-loading" className="absolute inset-0 bg-black">
      <span className="sr-only" role="status">
        {t('explore.loading')}
      </span>
      <div aria-hidden className="absolute inset-0 grid place-items-center">
        <Spinner />
      </div>
      <div aria-hidden className="absolute inset-x-0 bottom-0 flex flex-col gap-2.5 px-4 pb-4">
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <Skeleton className="h-5 w-3/4 rounded-md" />
            <div className="mt-2.5 flex gap-1.5">
              <Skeleton className="h-7 w-16 rounded-full" />
              <Skeleton className="h-7 w-20 rounded-full" />
            </div>
            <Skeleton className="mt-2.5 h-3.5 w-full rounded-md" />
            <Skeleton className="mt-1.5 h-3.5 w-2/3 rounded-md" />
          </div>
          <div className="flex w-16 flex-col items-center gap-4">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="size-10 rounded-full" />
            ))}
          </div>
        </div>
        <Skeleton className="h-11 w-full rounded-xl" />
      </div>
    </div>
  );
}

/**
 * Explore: a full-screen vertical feed of dramas, each playing its first episode. The tab bar
 * stays; the feed fills the screen above it. Within a browser session a drama is shown once.
 */
export function ExplorePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const feed = useExploreFeed();
  const { error, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = feed;
  // The feed is built in a transition: the slides' render yields to the browser every few
  // milliseconds instead of holding a slow phone's main thread from the answer to the first frame.
  const data = useDeferredValue(feed.data);
  const isPending = data === undefined && !error;

  // Decided once per visit: what this session has seen is not shown again.
  const [opened] = useState(readFeedSession);
  const [hidden, setHidden] = useState(() => hiddenOnOpen(opened));
  const items = useMemo(() => visibleItems(data?.pages ?? [], hidden), [data, hidden]);

  // Coming back to the feed picks up at the drama that was on screen.
  const [index, setIndex] = useState<number | null>(null);
  if (index === null && items.length > 0) {
    setIndex(Math.max(0, items.findIndex((item) => item.drama.id === opened.current)));
  }
  const current = index ?? 0;
  const currentId = items[current]?.drama.id ?? null;

  useEffect(() => {
    if (currentId !== null) markShown(currentId);
  }, [currentId]);

  const nextPageError = data ? error : null;
  useEffect(() => {
    if (!data || !hasNextPage || isFetchingNextPage || nextPageError) return;
    if (current >= items.length - PREFETCH_DISTANCE) void fetchNextPage();
  }, [data, hasNextPage, isFetchingNextPage, nextPageError, current, items.length, fetchNextPage]);

  const startOver = useCallback(() => {
    forgetSeen();
    setHidden(new Set());
    setIndex(0);
    void queryClient.resetQueries({ queryKey: exploreQueryOptions(locale).queryKey });
  }, [queryClient, locale]);

  const trailing =
    hasNextPage || isFetchingNextPage ? (
      <MoreComing error={nextPageError} onRetry={() => void fetchNextPage()} />
    ) : (
      <SeenEverything onStartOver={startOver} />
    );

  return (
    <div
      data-testid="explore-page"
      className="dark explore-wide relative h-[calc(100dvh-3.5rem-env(safe-area-inset-bottom))] overflow-hidden bg-black text-fg lg:mx-auto lg:h-dvh lg:w-[calc(100dvh*9/16+5.5rem)] lg:max-w-full lg:shadow-[0_0_0_100vmax_#000]"
    >
      <h1 className="sr-only">{t('nav.explore')}</h1>
      {isPending ? (
        <FeedSkeleton />
      ) : error && !data ? (
        <div className="flex h-full items-center justify-center">
          <ErrorState error={error} onRetry={() => void refetch()} />
        </div>
      ) : (
        <ExploreFeed items={items} index={Math.min(current, items.length)} onIndexChange={setIndex} trailing={trailing} />
      )}
      <Link
        to="/search"
        aria-label={t('routes.search')}
        data-testid="explore-search"
        className="absolute top-[calc(env(safe-area-inset-top)+6px)] right-2 z-20 grid size-11 place-items-center rounded-full text-white drop-shadow-[0_1px_3px_rgb(0_0_0/0.6)] active:bg-white/15"
      >
        <Search aria-hidden className="size-6" strokeWidth={2.2} />
      </Link>
    </div>
  );
}
