import { useTranslation } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { useUserSettings } from '../../../shared/user-settings/user-settings';
import { DramaCard } from '../../../shared/ui/drama-card';
import { DramaCardSkeleton } from '../../../shared/ui/skeleton';
import { useLocalWatchHistory } from '../../../shared/watch-history/local-watch-history';
import { useDramasById } from '../api/get-drama';
import { RECENT_WATCHES_LIMIT, useRecentWatches } from '../api/get-recent-watches';
import { Rail } from './drama-rail';

const MAX_ITEMS = RECENT_WATCHES_LIMIT;
const CARD_CLASS = 'w-[112px] shrink-0 snap-start lg:w-[164px]';

/**
 * Where the viewer left off; hidden when there is nothing. A member's history is on the server
 * (the player reports there, and signing in merges what the device watched as a guest); a
 * guest's is on the device. `ready`: the first screen has its content, so the member's call
 * does not compete with it. With the history switch off there is no row at all (and no call):
 * nothing is being recorded, so an older record is not "where you left off".
 */
export function ContinueWatching({ ready }: { ready: boolean }) {
  const { user } = useSession();
  const historyOn = useUserSettings().privacy.history;
  if (!historyOn) return null;
  return user ? <MemberContinueWatching userId={user.id} ready={ready} /> : <GuestContinueWatching />;
}

function MemberContinueWatching({ userId, ready }: { userId: number; ready: boolean }) {
  const { t } = useTranslation();
  const { data } = useRecentWatches(userId, ready);
  const items = (data?.items ?? []).filter(
    (item, index, all) => all.findIndex((other) => other.dramaId === item.dramaId) === index,
  );
  // A failed call leaves the row out: it is a shortcut, and the history page says what went wrong.
  if (items.length === 0) return null;

  return (
    <Rail title={t('home.continueWatching')} to="/history" testId="continue-watching">
      {items.slice(0, MAX_ITEMS).map((item) => (
        <DramaCard
          key={item.dramaId}
          drama={item.drama}
          to={`/player/${item.dramaId}?episode=${item.episodeId}`}
          meta={t('drama.watchedTo', { episode: item.episodeSequence })}
          progress={item.totalEpisodes > 0 ? item.episodeSequence / item.totalEpisodes : 0}
          className={CARD_CLASS}
        />
      ))}
    </Rail>
  );
}

function GuestContinueWatching() {
  const { t } = useTranslation();
  const records = useLocalWatchHistory().slice(0, MAX_ITEMS);
  const { data: dramas, isPending: loading } = useDramasById(records.map((record) => record.dramaId));

  if (records.length === 0) return null;
  const items = records.flatMap((record, index) => {
    const drama = dramas?.[index];
    return drama ? [{ record, drama }] : [];
  });
  // Dramas that were removed since, or failed to load, are left out rather than shown broken.
  if (!loading && items.length === 0) return null;

  return (
    <Rail title={t('home.continueWatching')} to="/history" testId="continue-watching">
      {loading && items.length === 0
        ? records.slice(0, 4).map((record) => <DramaCardSkeleton key={record.dramaId} className="w-[112px] shrink-0 lg:w-[164px]" />)
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
                className={CARD_CLASS}
              />
            );
          })}
    </Rail>
  );
}
