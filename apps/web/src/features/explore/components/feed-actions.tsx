import { isVipActive, type ExploreItem } from '@drama/contracts';
import { Heart, LayoutGrid, Share2, Star, type LucideIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocale, useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate } from 'react-router';
import { isLoggedIn, useSession } from '../../../shared/session/session-store';
import { signInPathFor } from '../../../shared/session/sign-in-path';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useFavoriteStatus } from '../../player/api/favorite-status';
import { usePlayerDrama } from '../../player/api/get-player-drama';
import { useLikeStatus } from '../../player/api/like-status';
import { useToggleFavorite } from '../../player/api/toggle-favorite';
import { useToggleLike } from '../../player/api/toggle-like';
import { EpisodeDrawer } from '../../player/components/episode-drawer';
import { useGuestLiked } from '../../player/lib/guest-likes';
import { compactCount } from '../../../shared/i18n/compact-count';

interface FeedActionProps {
  icon: LucideIcon;
  label: string;
  caption: string;
  onClick: () => void;
  active?: boolean;
  activeClass?: string;
  pressed?: boolean;
  busy?: boolean;
  testId: string;
}

function FeedAction({ icon: Icon, label, caption, onClick, active = false, activeClass = '', pressed, busy, testId }: FeedActionProps) {
  const [pop, setPop] = useState(0);
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      data-testid={testId}
      onClick={() => {
        setPop((value) => value + 1);
        onClick();
      }}
      className="group flex w-16 flex-col items-center gap-0.5 rounded-2xl py-0.5 text-white"
    >
      <span className="grid size-11 place-items-center rounded-full transition-transform duration-150 group-active:scale-90">
        <Icon
          key={pop}
          aria-hidden
          className={`size-[30px] drop-shadow-[0_1px_3px_rgb(0_0_0/0.55)] ${pop && active ? 'explore-pop' : ''} ${active ? activeClass : ''}`}
          strokeWidth={active ? 0 : 1.9}
        />
      </span>
      <span
        data-testid={`${testId}-caption`}
        className="max-w-full truncate text-[11px] leading-tight font-semibold tabular-nums drop-shadow-[0_1px_2px_rgb(0_0_0/0.7)]"
      >
        {caption}
      </span>
    </button>
  );
}

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
  const locale = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = isLoggedIn(session);
  const userId = signedIn ? (session.user?.id ?? null) : null;
  const vip = signedIn && session.user !== null && isVipActive(session.user);
  const { drama, episode } = item;
  const playerPath = `/player/${drama.id}?episode=${episode.episodeId}`;

  const likeStatus = useLikeStatus(near ? episode.episodeId : null, userId);
  const guestLiked = useGuestLiked(episode.episodeId);
  const liked = userId === null ? guestLiked : (likeStatus.data?.isLiked ?? false);
  const likeCount = likeStatus.data?.likeCount ?? 0;
  const toggleLike = useToggleLike(episode.episodeId, userId);
  const onLike = () => {
    const like = !liked;
    toggleLike.mutate(like, {
      onError: () => toast.error(like ? t('player.likeFailed') : t('player.unlikeFailed')),
    });
  };

  const favoriteStatus = useFavoriteStatus(near ? drama.id : null, userId);
  const favorited = favoriteStatus.data?.isFavorited ?? false;
  const favoriteCount = favoriteStatus.data?.favoriteCount ?? drama.favoriteCount;
  const toggleFavorite = useToggleFavorite(drama.id, userId);
  const onFavorite = async () => {
    if (userId === null) {
      const go = await confirm({
        title: t('player.favoriteLoginTitle'),
        message: t('player.favoriteLoginMessage'),
        confirmText: t('player.goToLogin'),
        cancelText: t('player.cancel'),
      });
      if (go) navigate(signInPathFor('/explore'));
      return;
    }
    const favorite = !favorited;
    toggleFavorite.mutate(favorite, {
      onSuccess: () => toast.success(favorite ? t('player.favoriteAdded') : t('player.favoriteRemoved')),
      onError: () => toast.error(t('player.favoriteFailed')),
    });
  };

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

  const onShare = async () => {
    const url = new URL(playerPath, window.location.origin).toString();
    const text = t('explore.shareText', { title: drama.title });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: drama.title, text, url });
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(t('player.shareFailed'));
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('player.linkCopied'));
    } catch {
      toast.error(t('player.shareFailed'));
    }
  };

  return (
    <>
      <nav aria-label={t('explore.actions')} className="pointer-events-auto flex flex-col items-center gap-1.5">
        <FeedAction
          icon={Heart}
          testId="explore-like"
          label={liked ? t('explore.unlike') : t('explore.like')}
          pressed={liked}
          caption={likeCount > 0 ? compactCount(likeCount, locale) : t('explore.like')}
          onClick={onLike}
          active={liked}
          activeClass="fill-accent-fill-2 text-accent-fill-2"
        />
        <FeedAction
          icon={Star}
          testId="explore-favorite"
          label={favorited ? t('explore.unfavorite') : t('explore.favorite')}
          pressed={favorited}
          caption={favoriteCount > 0 ? compactCount(favoriteCount, locale) : favorited ? t('explore.favorited') : t('explore.favorite')}
          onClick={() => void onFavorite()}
          active={favorited}
          activeClass="fill-gold-fill text-gold-fill"
        />
        <FeedAction
          icon={LayoutGrid}
          testId="explore-episodes"
          label={t('explore.episodesLabel', { count: drama.episodeCount })}
          caption={t('explore.episodeCount', { count: drama.episodeCount })}
          onClick={onEpisodes}
        />
        <FeedAction icon={Share2} testId="explore-share" label={t('explore.share')} caption={t('explore.share')} onClick={() => void onShare()} />
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
