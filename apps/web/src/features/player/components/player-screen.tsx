import { LIMITS, isVipActive, type DramaDetail, type Episode } from '@drama/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { isLoggedIn, useSession } from '../../../shared/session/session-store';
import { shareLink } from '../../../shared/ui/share-link';
import { toast } from '../../../shared/ui/toast/toast-store';
import { playInfoQueryOptions, usePlayInfo } from '../api/get-play-info';
import { EngineContext, useEngineSelector } from '../hooks/use-engine';
import { useAutoHide } from '../hooks/use-auto-hide';
import { useEngagement } from '../hooks/use-engagement';
import { useVipGate } from '../hooks/use-vip-gate';
import { useWatchReporting } from '../hooks/use-watch-reporting';
import { withTimestamp } from '../lib/media-url';
import { PlayerEngine } from '../lib/player-engine';
import { canWatch, type StartChoice } from '../lib/start-episode';
import { swipeDirection } from '../../../shared/gestures/swipe';
import { useWheelSteps } from '../../../shared/gestures/use-wheel-steps';
import { EpisodeDrawer } from './episode-drawer';
import { BottomControls, CenterPlayButton, DramaInfo, SideActions, TopBar } from './player-chrome';
import { ProgressBar } from './progress-bar';
import { GestureLayer } from './gesture-layer';
import { LockedCover } from './locked-cover';
import { ErrorOverlay, LoadingOverlay, SwipeHint, UnmuteChip } from './status-overlays';
import { SubtitleOverlay } from './subtitle-overlay';
import { SubtitleSheet } from './subtitle-sheet';
import { UnlockChip } from './unlock-chip';
import { VipPrompt } from './vip-prompt';
import { EpisodePanel } from './episode-panel';
import { useWideScreen } from '../../../shared/ui/use-media-query';

interface PlayerScreenProps {
  drama: DramaDetail;
  start: StartChoice<Episode>;
}

type Sheet = 'episodes' | 'subtitles' | null;

/** The longest the controls wait for the first frame before they mount anyway (a slow network). */
const CONTROLS_WAIT_FOR_FRAME_MS = 1200;

interface Current {
  episodeId: number;
  startAt: number;
  /** A retry: the source is reloaded with a fresh `t=` (0 = first load). */
  retry: number;
}

/** The player once the drama and the first episode are known: all the behaviour of spec sections 2 and 4. */
export function PlayerScreen({ drama, start }: PlayerScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = isLoggedIn(session);
  const userId = signedIn ? (session.user?.id ?? null) : null;
  const vip = signedIn && session.user !== null && isVipActive(session.user);

  const [engine] = useState(() => new PlayerEngine());
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const [bottomHeight, setBottomHeight] = useState(0);
  const episodes = useMemo(() => [...drama.episodes].sort((a, b) => a.sequence - b.sequence), [drama.episodes]);
  const [current, setCurrent] = useState<Current>({ episodeId: start.episode.id, startAt: start.startAt, retry: 0 });
  const [sheet, setSheet] = useState<Sheet>(null);
  const [fullscreen, setFullscreen] = useState(false);
  // A wide screen shows the episode list beside the video instead of in a drawer.
  const wide = useWideScreen();

  const index = Math.max(
    0,
    episodes.findIndex((episode) => episode.id === current.episodeId),
  );
  const episode = episodes[index] ?? start.episode;
  const accessible = canWatch(episode, vip);

  // The free fallback is told once (spec section 4).
  const toldFallback = useRef(false);
  useEffect(() => {
    if (start.fellBackToFree && !toldFallback.current) {
      toldFallback.current = true;
      toast.info(t('player.playingFree'));
    }
  }, [start.fellBackToFree, t]);

  // Keep `?episode=` in step without adding history entries. `unlock` is read once: Back from
  // the membership page it opened then finds the player, not the same gate again.
  useEffect(() => {
    if (searchParams.get('episode') === String(episode.id) && !searchParams.has('unlock')) return;
    const next = new URLSearchParams(searchParams);
    next.set('episode', String(episode.id));
    next.delete('unlock');
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [episode.id, searchParams, setSearchParams]);

  /* ---- the source ---- */

  const playInfo = usePlayInfo(episode.id, userId, accessible && !episode.playUrl);
  const baseUrl = episode.playUrl || playInfo.data?.playUrl || null;
  const sourceUrl = baseUrl ? (current.retry > 0 ? withTimestamp(baseUrl, current.retry) : baseUrl) : null;
  const sourceKey = String(episode.id);
  const playInfoError = playInfo.error;

  // A layout effect: the source is set in the same task as the first render's commit, not after
  // the first paint and every other effect, which on a phone is a few hundred ms to first frame.
  useLayoutEffect(() => {
    if (!accessible) return;
    if (sourceUrl) {
      engine.load(sourceKey, sourceUrl, current.startAt);
      return;
    }
    if (playInfoError || (!episode.playUrl && playInfo.isSuccess)) engine.fail(sourceKey);
    else engine.prepare(sourceKey);
  }, [engine, accessible, sourceKey, sourceUrl, current.startAt, playInfoError, episode.playUrl, playInfo.isSuccess]);

  useEffect(() => () => engine.dispose(), [engine]);

  // A locked episode refused by the server (a VIP that just ran out) shows the prompt too.
  const refused =
    isApiError(playInfoError) && (playInfoError.status === 401 || playInfoError.code === 'VIP_REQUIRED');
  const gate = useVipGate({
    dramaId: drama.id,
    episodes,
    episode,
    start,
    vip,
    accessible,
    refused,
    play: (target) => setCurrent({ episodeId: target.id, startAt: 0, retry: 0 }),
  });
  const promptEpisode = gate.promptEpisode;

  const { isError: playInfoFailed, refetch: refetchPlayInfo } = playInfo;
  const retry = useCallback(() => {
    if (playInfoFailed) void refetchPlayInfo();
    setCurrent((value) => ({ ...value, startAt: engine.getSnapshot().currentTime || value.startAt, retry: Date.now() }));
  }, [engine, playInfoFailed, refetchPlayInfo, setCurrent]);

  const status = useEngineSelector(engine, (s) => s.status);
  const playing = status === 'playing';

  // The first commit holds only the videos, so the source is set at once. The controls, the
  // subtitles and the sheets mount when the first frame is up (or cannot come): their first
  // render is the longest task of a cold open, and the video's loading waits on the same thread.
  const [controlsMounted, setControlsMounted] = useState(false);
  const firstFrameSettled = status === 'playing' || status === 'paused' || status === 'error' || !accessible;
  useEffect(() => {
    if (controlsMounted) return;
    const mount = () => startTransition(() => setControlsMounted(true));
    if (firstFrameSettled) {
      mount();
      return;
    }
    const timer = setTimeout(mount, CONTROLS_WAIT_FOR_FRAME_MS);
    return () => clearTimeout(timer);
  }, [controlsMounted, firstFrameSettled]);
  useEffect(() => {
    const element = bottomRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setBottomHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [controlsMounted]);

  // A missing or failing source is checked again every 30 s (spec section 4).
  useEffect(() => {
    if (status !== 'error') return;
    const timer = setInterval(retry, LIMITS.stalledSourceRecheckMs);
    return () => clearInterval(timer);
  }, [status, retry]);

  /* ---- switching episodes ---- */

  const openGate = gate.open;
  const goTo = useCallback(
    (target: Episode) => {
      if (!canWatch(target, vip)) {
        openGate(target);
        return false;
      }
      setCurrent({ episodeId: target.id, startAt: 0, retry: 0 });
      return true;
    },
    [vip, openGate, setCurrent],
  );

  const next = useCallback(() => {
    const target = episodes[index + 1];
    if (!target) {
      toast.info(t('player.lastEpisode'));
      return;
    }
    goTo(target);
  }, [episodes, index, goTo, t]);

  const previous = useCallback(() => {
    const target = episodes[index - 1];
    if (!target) {
      toast.info(t('player.firstEpisode'));
      return;
    }
    goTo(target);
  }, [episodes, index, goTo, t]);

  // An ended episode moves on by itself.
  useEffect(() => engine.setEndedHandler(next), [engine, next]);

  // Preload the next episode's address and first seconds once this one plays.
  const nextEpisode = episodes[index + 1];
  const nextAccessible = nextEpisode ? canWatch(nextEpisode, vip) : false;
  useEffect(() => {
    if (!playing || !nextEpisode || !nextAccessible) return;
    let cancelled = false;
    const preload = (url: string) => {
      if (!cancelled) engine.preload(String(nextEpisode.id), url);
    };
    if (nextEpisode.playUrl) preload(nextEpisode.playUrl);
    else
      queryClient
        .fetchQuery(playInfoQueryOptions(nextEpisode.id, userId))
        .then((info) => preload(info.playUrl))
        .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [playing, nextEpisode, nextAccessible, engine, queryClient, userId]);

  // A hidden tab pauses the video (spec section 4).
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') engine.pause();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [engine]);

  useWatchReporting({ engine, dramaId: drama.id, episode: accessible ? episode : null, userId });

  /* ---- controls ---- */

  const anySheet = sheet !== null || promptEpisode !== null;
  // A keyboard user's focus on a control keeps the controls up: hidden ones are inert and would drop it.
  const [keyboardInside, setKeyboardInside] = useState(false);
  // So does a mouse resting on them, as in any desktop player; a finger never hovers.
  const [mouseOnControls, setMouseOnControls] = useState(false);
  const chrome = useAutoHide(playing, anySheet || keyboardInside || mouseOnControls);
  const holdWhileHovered = {
    onPointerEnter: (event: PointerEvent) => setMouseOnControls(event.pointerType === 'mouse'),
    onPointerLeave: () => setMouseOnControls(false),
  };

  const toggleFullscreen = useCallback(() => {
    const root = rootRef.current;
    if (!root) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (root.requestFullscreen) void root.requestFullscreen().catch(() => undefined);
    else {
      // iOS Safari: only the video element itself can go full screen.
      const video = engine.video as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
      video?.webkitEnterFullscreen?.();
    }
  }, [engine]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Keys: up/down (and page up/down) switch episodes, space plays and pauses (not while typing or in a sheet).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') {
        chrome.show();
        return;
      }
      if (anySheet || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="slider"]')) return;
      if (event.key === 'ArrowDown' || event.key === 'PageDown') {
        event.preventDefault();
        next();
      } else if (event.key === 'ArrowUp' || event.key === 'PageUp') {
        event.preventDefault();
        previous();
      } else if (event.key === ' ' || event.key === 'Spacebar') {
        if (target?.closest('button, a')) return;
        event.preventDefault();
        engine.toggle();
        chrome.poke();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [anySheet, next, previous, engine, chrome]);

  // The wheel too, one episode per turn of it (a trackpad's flick with its inertia is one).
  useWheelSteps(rootRef, (direction) => (direction > 0 ? next() : previous()), !anySheet);

  /* ---- like, favourite, share ---- */

  const hereWithEpisode = `/player/${drama.id}?episode=${episode.id}`;
  const engagement = useEngagement({ episodeId: episode.id, drama, userId, enabled: true, returnPath: hereWithEpisode });
  const onShare = () =>
    shareLink(hereWithEpisode, drama.title, t('player.shareText', { title: drama.title, episode: episode.sequence }), t);

  const goBack = () => {
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) navigate(-1);
    else navigate('/', { replace: true });
  };

  // Hidden controls are inert: a tap where they were reaches the video (and shows them again).
  const chromeClass = `transition-opacity duration-200 ${chrome.visible ? 'opacity-100' : 'opacity-0'}`;

  return (
    <EngineContext.Provider value={engine}>
      <div
        ref={rootRef}
        data-testid="player"
        data-episode={episode.id}
        data-status={status}
        data-controls={chrome.visible ? 'shown' : 'hidden'}
        onFocus={(event) => setKeyboardInside(event.target.matches(':focus-visible'))}
        onBlur={() => setKeyboardInside(false)}
        className="dark fixed inset-0 z-30 mx-auto flex max-w-[480px] flex-col overflow-hidden bg-black text-white select-none lg:right-[400px] lg:w-[calc(100dvh*9/16)] lg:max-w-[calc(100vw-400px)] lg:shadow-[0_0_0_100vmax_#000]"
      >
        <div ref={stageRef} className="absolute inset-0">
          <GestureLayer
            surfaceRef={rootRef}
            onSwipe={(dy, dx) => {
              const direction = swipeDirection(dy, dx);
              if (direction === 'next') next();
              else if (direction === 'previous') previous();
              return direction !== null;
            }}
            onTap={() => (chrome.visible && playing ? chrome.hide() : chrome.show())}
          >
            {[0, 1].map((slot) => (
              <video
                key={slot}
                ref={engine.refs[slot as 0 | 1]}
                data-testid="player-video"
                playsInline
                preload="auto"
                disablePictureInPicture
                controlsList="nodownload noplaybackrate"
                className="absolute inset-0 size-full object-contain opacity-0"
                onContextMenu={(event) => event.preventDefault()}
              />
            ))}
            {!accessible && <LockedCover coverUrl={drama.coverUrl} episode={episode} onUnlock={() => gate.open(episode)} />}
          </GestureLayer>
        </div>

        {/* While the info and controls show, the subtitle rises above them. */}
        {controlsMounted && (
          <SubtitleOverlay
            videoUrl={baseUrl}
            languages={episode.subtitleLanguages}
            containerRef={stageRef}
            sourceKey={sourceKey}
            minBottom={chrome.visible ? bottomHeight + 8 : 0}
          />
        )}

        <LoadingOverlay />
        {accessible && <ErrorOverlay missing={!baseUrl} onRetry={retry} />}
        <UnmuteChip onUnmute={() => engine.setMuted(false)} />
        {gate.wanted && <UnlockChip episode={gate.wanted} onUnlock={() => gate.open(gate.wanted ?? episode)} />}

        {controlsMounted && (
          <>
          <div inert={!chrome.visible} {...holdWhileHovered} className={`pointer-events-none absolute inset-0 z-20 ${chromeClass}`}>
            <div aria-hidden className="absolute inset-x-0 top-0 h-32 bg-gradient-to-b from-black/70 to-transparent" />
            <div aria-hidden className="absolute inset-x-0 bottom-0 h-72 bg-gradient-to-t from-black/85 via-black/40 to-transparent" />
            <TopBar title={drama.title} sequence={episode.sequence} onBack={goBack} />
            {accessible && <CenterPlayButton onToggle={() => { engine.toggle(); chrome.poke(); }} />}
            <SideActions
              engagement={engagement}
              fullscreen={fullscreen}
              onAction={chrome.poke}
              onSubtitles={() => setSheet('subtitles')}
              onEpisodes={() => setSheet('episodes')}
              onShare={() => void onShare()}
              onFullscreen={toggleFullscreen}
            />
          </div>

          <div ref={bottomRef} className="pointer-events-none absolute inset-x-0 bottom-0 z-20 px-3 pb-[max(env(safe-area-inset-bottom),6px)]">
            <div inert={!chrome.visible} {...holdWhileHovered} className={chromeClass}>
              <DramaInfo
                title={drama.title}
                description={drama.description}
                sequence={episode.sequence}
                total={episodes.length}
                onEpisodes={() => setSheet('episodes')}
              />
              <BottomControls
                fullscreen={fullscreen}
                onToggleFullscreen={toggleFullscreen}
                onInteract={chrome.poke}
              />
            </div>
            <ProgressBar expanded={chrome.visible} onInteract={chrome.poke} />
          </div>
          </>
        )}

        <SwipeHint />
      </div>

      {controlsMounted && (
        <>
          {wide && (
            <EpisodePanel
              title={drama.title}
              description={drama.description}
              episodes={episodes}
              currentId={episode.id}
              vip={vip}
              isCompleted={drama.isCompleted}
              onChoose={(target) => target.id !== episode.id && goTo(target)}
            />
          )}
          <EpisodeDrawer
            open={sheet === 'episodes'}
            onClose={() => setSheet(null)}
            title={drama.title}
            episodes={episodes}
            currentId={episode.id}
            vip={vip}
            isCompleted={drama.isCompleted}
            onChoose={(target) => {
              if (target.id === episode.id) {
                setSheet(null);
                return;
              }
              if (goTo(target)) setSheet(null);
            }}
          />
          <SubtitleSheet open={sheet === 'subtitles'} onClose={() => setSheet(null)} videoUrl={baseUrl} languages={episode.subtitleLanguages} />
          <VipPrompt
            episode={promptEpisode}
            signedIn={signedIn}
            onClose={gate.close}
            onJoin={gate.join}
            onSignIn={gate.signIn}
          />
        </>
      )}
    </EngineContext.Provider>
  );
}
