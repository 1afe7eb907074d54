import { isVipActive, type ExploreItem } from '@drama/contracts';
import { LayoutGrid, Share2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { isLoggedIn, useSession } from '../../../shared/session/session-store';
import { RailAction } from '../../../shared/ui/rail-action';
import { shareLink } from '../../../shared/ui/share-link';
import { EngagementActions, EpisodeDrawer, useEngagement, usePlayerDrama } from '../../player';

interface FeedActionsProps {
  item: ExploreItem;
  /** Near the screen: worth asking the server for the like and favourite state. */
  near: boolean;
  /** On screen: the drama's episodes are fetched, for the episode list and the player. */
  active: boolean;
}

/** Like (members on the server, guests on the device), favourite (members), episodes and share. */
export function FeedActions({ item, near, active }: FeedActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = isLoggedIn(session);
  const userId = signedIn ? (session.user?.id ?? null) : null;
  const vip = signedIn && session.user !== null && isVipActive(session.user);
  const { drama, episode } = item;
  const playerPath = `/player/${drama.id}?episode=${episode.episodeId}`;
  const engagement = useEngagement({ episodeId: episode.episodeId, drama, userId, enabled: near, returnPath: '/explore' });

  // The same call and cache as the player's: a tap on "watch" then opens it without waiting.
  const detail = usePlayerDrama(active ? drama.id : null);
  const episodes = useMemo(
    () => [...(detail.data?.episodes ?? [])].sort((a, b) => a.sequence - b.sequence),
    [detail.data],
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onEpisodes = () => {
    if (detail.data) setDrawerOpen(true);
    else navigate(playerPath);
  };
  const onShare = () => shareLink(playerPath, drama.title, t('explore.shareText', { title: drama.title }), t);

  return (
    <>
      <nav aria-label={t('explore.actions')} className="pointer-events-auto flex flex-col items-center gap-1.5">
        <EngagementActions engagement={engagement} copy="explore" testIdPrefix="explore" />
        <RailAction
          icon={LayoutGrid}
          testId="explore-episodes"
          label={t('explore.episodesLabel', { count: drama.episodeCount })}
          caption={t('explore.episodeCount', { count: drama.episodeCount })}
          onClick={onEpisodes}
        />
        <RailAction icon={Share2} testId="explore-share" label={t('explore.share')} caption={t('explore.share')} onClick={() => void onShare()} />
      </nav>
      {detail.data && (
        <EpisodeDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={drama.title}
          episodes={episodes}
          currentId={episode.episodeId}
          vip={vip}
          isCompleted={drama.isCompleted}
          onChoose={(chosen) => {
            setDrawerOpen(false);
            navigate(`/player/${drama.id}?episode=${chosen.id}`);
          }}
        />
      )}
    </>
  );
}
