import { Clapperboard } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { useDramas } from '../api/get-dramas';
import { useFeatured } from '../api/get-featured';
import { useTags } from '../api/get-tags';
import { HOT_RAIL, LATEST_RAIL } from '../api/prefetch-home';
import { ContinueWatching } from '../components/continue-watching';
import { DramaRail } from '../components/drama-rail';
import { FeaturedCarousel, FeaturedCarouselSkeleton } from '../components/featured-carousel';
import { ForYouRail } from '../components/for-you-rail';
import { HomeHeader } from '../components/home-header';
import { MoreToWatch } from '../components/more-to-watch';
import { TagChips } from '../components/tag-chips';

export function HomePage() {
  const { t } = useTranslation();
  const featured = useFeatured();
  const hot = useDramas(HOT_RAIL);
  const latest = useDramas(LATEST_RAIL);
  // The tag chips' own call, shared: the grid below them waits until they have their height.
  const tags = useTags();
  // The rows are built in a transition: each answer's render yields to the browser every few
  // milliseconds instead of holding a slow phone's main thread between the answer and the frame.
  const featuredItems = useDeferredValue(featured.data?.items);
  const hotItems = useDeferredValue(hot.data?.items);
  const latestItems = useDeferredValue(latest.data?.items);

  // The endless grid waits until the rows above it have their height (shown, or failed).
  const rowsSettled =
    !tags.isPending &&
    (featuredItems !== undefined || Boolean(featured.error)) &&
    (hotItems !== undefined || Boolean(hot.error)) &&
    (latestItems !== undefined || Boolean(latest.error));

  // The banner has its answer (or failed): the first screen is up.
  const firstScreenUp = featuredItems !== undefined || Boolean(featured.error);

  const catalogueEmpty = featuredItems?.length === 0 && hotItems?.length === 0 && latestItems?.length === 0;
  // When nothing at all could be loaded, one message says so instead of one per row.
  const nothingLoaded = [featured, hot, latest].every((query) => query.error && !query.data);
  const retryAll = () => {
    void featured.refetch();
    void hot.refetch();
    void latest.refetch();
  };

  if (nothingLoaded) {
    return (
      <div className="flex flex-1 flex-col pb-4">
        <HomeHeader />
        <ErrorState error={featured.error} onRetry={retryAll} className="flex-1 justify-center pb-16" />
      </div>
    );
  }

  return (
    <div className="pb-4">
      <HomeHeader />
      <div className="pt-2">
        {featured.error ? (
          <ErrorState compact error={featured.error} onRetry={() => void featured.refetch()} className="mx-4" />
        ) : featuredItems === undefined ? (
          <FeaturedCarouselSkeleton />
        ) : (
          featuredItems.length > 0 && <FeaturedCarousel dramas={featuredItems} />
        )}
      </div>
      {catalogueEmpty ? (
        <EmptyState
          icon={Clapperboard}
          title={t('home.emptyCatalogue')}
          description={t('home.emptyCatalogueHint')}
          className="mt-10"
        />
      ) : (
        <>
          <ContinueWatching ready={firstScreenUp} />
          <ForYouRail ready={firstScreenUp} />
          <DramaRail
            testId="hot-ranking"
            title={t('home.hotRanking')}
            to="/category?sort=hot"
            ranked
            dramas={hotItems}
            isPending={hotItems === undefined}
            error={hot.error}
            onRetry={() => void hot.refetch()}
          />
          <DramaRail
            testId="new-releases"
            title={t('home.newReleases')}
            to="/category?sort=latest"
            dramas={latestItems}
            isPending={latestItems === undefined}
            error={latest.error}
            onRetry={() => void latest.refetch()}
          />
          <TagChips />
          <MoreToWatch settled={rowsSettled} />
        </>
      )}
    </div>
  );
}
