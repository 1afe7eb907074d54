import { useTranslation } from '../../../shared/i18n/i18n';
import { DramaCard } from '../../../shared/ui/drama-card';
import { DramaCardSkeleton } from '../../../shared/ui/skeleton';
import { useLocalWatchHistory } from '../../../shared/watch-history/local-watch-history';
import { useDramasById } from '../api/get-drama';
import { Rail } from './drama-rail';

const MAX_ITEMS = 10;

/** Where the viewer left off, from the history kept on this device; hidden when there is none. */
export function ContinueWatching() {
  const { t } = useTranslation();
  const records = useLocalWatchHistory().slice(0, MAX_ITEMS);
  const results = useDramasById(records.map((record) => record.dramaId));

  if (records.length === 0) return null;
  const loading = results.some((result) => result.isPending);
  const items = records.flatMap((record, index) => {
    const drama = results[index]?.data;
    return drama ? [{ record, drama }] : [];
  });
  // Dramas that were removed since, or failed to load, are left out rather than shown broken.
  if (!loading && items.length === 0) return null;

  return (
    <Rail title={t('home.continueWatching')} to="/history" testId="continue-watching">
      {loading && items.length === 0
        ? records.slice(0, 4).map((record) => <DramaCardSkeleton key={record.dramaId} className="w-[112px] shrink-0" />)
        : items.map(({ record, drama }) => {
            const sequence =
              record.sequence ?? drama.episodes.find((episode) => episode.id === record.episodeId)?.sequence ?? 1;
            return (
              <DramaCard
                key={drama.id}
                drama={drama}
                to={`/player/${drama.id}?episode=${record.episodeId}`}
                meta={t('drama.watchedTo', { episode: sequence })}
                progress={drama.episodeCount > 0 ? sequence / drama.episodeCount : 0}
                className="w-[112px] shrink-0 snap-start"
              />
            );
          })}
    </Rail>
  );
}
