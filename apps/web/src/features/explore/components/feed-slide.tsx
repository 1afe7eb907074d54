import { coverVariantUrl, type ExploreItem } from '@drama/contracts';
import { Play, Volume2, VolumeX } from 'lucide-react';
import { memo, useEffect, useRef } from 'react';
import { useInputKind } from '../../../shared/gestures/input-kind';
import { useTranslation } from '../../../shared/i18n/i18n';
import { CoverImage } from '../../../shared/ui/cover-image';
import { LoadingRing, VideoError } from '../../../shared/ui/video-status';
import { useFeedVideo, type FeedVideoStatus } from '../hooks/use-feed-video';
import { FeedActions } from './feed-actions';
import { FeedInfo, WatchBar } from './feed-info';
import { FeedProgress } from './feed-progress';
import { FeedSubtitles } from './feed-subtitles';

interface FeedSlideProps {
  item: ExploreItem;
  position: number;
  total: number;
  /** On screen: the one item that plays. */
  active: boolean;
  /** Paused in place while the browser tab is hidden. */
  hold: boolean;
  /** On screen or next to it: its actions read their state. */
  near: boolean;
  /** The source is set: on screen, or next to it once the feed has played (a swipe shows it at once). */
  loaded: boolean;
  /** Told when the item on screen plays. */
  onPlaying: () => void;
}

function tapLabel(status: FeedVideoStatus, muted: boolean, t: (key: 'explore.unmute' | 'explore.play' | 'explore.pause') => string) {
  if (muted) return t('explore.unmute');
  return status === 'paused' ? t('explore.play') : t('explore.pause');
}

/** One drama of the feed: its first episode playing full-bleed, with the info and actions over it. */
export const FeedSlide = memo(function FeedSlide({ item, position, total, active, near, loaded, hold, onPlaying }: FeedSlideProps) {
  const { t } = useTranslation();
  const mouse = useInputKind() === 'mouse';
  const videoRef = useRef<HTMLVideoElement>(null);
  const { drama, episode } = item;
  const video = useFeedVideo(videoRef, { url: episode.playUrl, format: episode.format, loaded, active, hold });
  const { status, muted } = video;
  useEffect(() => {
    if (active && status === 'playing') onPlaying();
  }, [active, status, onPlaying]);

  return (
    <article
      aria-roledescription={t('explore.slide')}
      aria-label={t('explore.slideLabel', { index: position, total, title: drama.title })}
      data-testid="explore-item"
      data-index={position - 1}
      data-drama-id={drama.id}
      data-episode-id={episode.episodeId}
      data-active={active}
      data-status={status}
      inert={!active}
      className="absolute inset-0 overflow-hidden bg-black text-white"
    >
      {/* The poster, blurred, fills the bars around the picture and stands in until it plays. */}
      <CoverImage
        src={drama.coverUrl}
        eager={active}
        widths={[160]}
        className="explore-backdrop absolute inset-0 size-full scale-110 object-cover opacity-60 blur-2xl"
      />
      <video
        ref={videoRef}
        data-testid="explore-video"
        data-active={active}
        playsInline
        muted
        loop
        preload={loaded ? 'auto' : 'none'}
        // The cover, sharp, in the frame until the first frame is there: something to look at at
        // once on a slow network instead of an empty frame over the blur.
        poster={loaded ? (coverVariantUrl(drama.coverUrl, 480) ?? drama.coverUrl) : undefined}
        disablePictureInPicture
        controlsList="nodownload noplaybackrate"
        onContextMenu={(event) => event.preventDefault()}
        className="absolute inset-0 size-full object-contain"
      />
      <button
        type="button"
        data-testid="explore-tap"
        aria-label={tapLabel(status, muted, t)}
        onClick={video.tap}
        className="absolute inset-0 z-[1] cursor-default outline-offset-[-4px]"
      />

      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 z-[2] h-28 bg-gradient-to-b from-black/55 to-transparent" />
      <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 z-[2] h-80 bg-gradient-to-t from-black/85 via-black/35 to-transparent" />

      {active && <LoadingRing busy={status === 'loading'} label={t('explore.loading')} layer="z-[5]" />}
      {status === 'paused' && (
        <div aria-hidden className="pointer-events-none absolute inset-0 z-[5] grid place-items-center">
          <span className="grid size-[72px] place-items-center rounded-full bg-black/35 backdrop-blur-md">
            <Play className="size-9 translate-x-0.5 fill-white" strokeWidth={0} />
          </span>
        </div>
      )}
      {status === 'error' && <VideoError testId="explore-error" retryTestId="explore-retry" layer="z-[6]" onRetry={video.retry} />}

      {active && status !== 'error' && (
        <button
          type="button"
          data-testid={muted ? 'explore-unmute' : 'explore-mute'}
          aria-label={muted ? t('explore.unmute') : t('explore.mute')}
          onClick={video.toggleSound}
          className="absolute top-[calc(env(safe-area-inset-top)+52px)] left-2 z-[7] inline-flex min-h-11 animate-fade-in items-center px-1.5"
        >
          {muted ? (
            <span className="inline-flex h-8 items-center gap-1.5 rounded-full border border-white/20 bg-black/50 px-3 text-[13px] font-semibold shadow-lg backdrop-blur-md active:scale-[0.97]">
              <VolumeX aria-hidden className="size-4" />
              {mouse ? t('explore.clickToUnmute') : t('explore.tapToUnmute')}
            </span>
          ) : (
            <span className="grid size-8 place-items-center rounded-full bg-black/35 backdrop-blur-md">
              <Volume2 aria-hidden className="size-4" />
            </span>
          )}
        </button>
      )}

      <div className="pointer-events-none absolute inset-x-0 bottom-0 z-[7] flex flex-col gap-2.5 px-3 pb-3.5">
        <div className="flex items-end gap-1">
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            {active && <FeedSubtitles videoRef={videoRef} tracks={episode.subtitles} />}
            <FeedInfo item={item} />
          </div>
          <FeedActions item={item} near={near} active={active} />
        </div>
        <WatchBar item={item} />
      </div>
      {active && <FeedProgress videoRef={videoRef} />}
    </article>
  );
});
