import {
  Captions,
  ChevronLeft,
  ChevronRight,
  LayoutGrid,
  Maximize,
  Minimize,
  Pause,
  Play,
  Share2,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { RailAction } from '../../../shared/ui/rail-action';
import { useEngine, useEngineState } from '../hooks/use-engine';
import { formatRate, formatTime } from '../lib/format-time';
import type { Engagement } from '../hooks/use-engagement';
import { EngagementActions } from './engagement-actions';
import { VideoDescription } from '../../../shared/ui/video-description';

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

export function TopBar({ title, sequence, onBack }: { title: string; sequence: number; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="pointer-events-auto absolute inset-x-0 top-0 flex items-start gap-1 px-1.5 pt-[calc(env(safe-area-inset-top)+6px)] pr-4">
      <button type="button" onClick={onBack} aria-label={t('player.back')} className="grid size-11 shrink-0 place-items-center rounded-full active:bg-white/15">
        <ChevronLeft aria-hidden className="size-7 drop-shadow" strokeWidth={2} />
      </button>
      {/* The drama's title on its own line (two lines when long), the episode under it: a long
          title never pushes the episode number out of view or is cut to make room for it. */}
      <h1
        data-testid="player-title"
        aria-label={t('player.title', { title, episode: sequence })}
        className="flex min-w-0 flex-1 flex-col py-0.5 drop-shadow-[0_1px_2px_rgb(0_0_0/0.6)]"
      >
        <span aria-hidden data-testid="player-title-drama" className="line-clamp-2 text-[16px] leading-snug font-semibold [overflow-wrap:anywhere]">
          {title}
        </span>
        <span aria-hidden data-testid="player-title-episode" className="text-[13px] leading-snug font-medium text-white/85 tabular-nums">
          {t('player.episodeNumber', { episode: sequence })}
        </span>
      </h1>
    </header>
  );
}

/** The big play/pause in the middle; always there while paused. */
export function CenterPlayButton({ onToggle }: { onToggle: () => void }) {
  const { t } = useTranslation();
  const status = useEngineState((s) => s.status);
  if (status === 'loading' || status === 'error' || status === 'idle') return null;
  const playing = status === 'playing';
  const Icon = playing ? Pause : Play;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={playing ? t('player.pause') : t('player.play')}
      data-testid="play-toggle"
      className="pointer-events-auto absolute top-1/2 left-1/2 grid size-[72px] -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-black/35 backdrop-blur-md transition-transform duration-150 active:scale-95"
    >
      <Icon aria-hidden className={`size-9 fill-white ${playing ? '' : 'translate-x-0.5'}`} strokeWidth={0} />
    </button>
  );
}

interface SideActionsProps {
  engagement: Engagement;
  fullscreen: boolean;
  /** Told after a tap on a button that leaves the controls in view. */
  onAction: () => void;
  onSubtitles: () => void;
  onEpisodes: () => void;
  onShare: () => void;
  onFullscreen: () => void;
}

export function SideActions(props: SideActionsProps) {
  const { t } = useTranslation();
  const poked = (action: () => void) => () => {
    action();
    props.onAction();
  };
  return (
    <nav
      aria-label={t('player.episodes')}
      className="pointer-events-auto absolute right-1.5 bottom-[calc(env(safe-area-inset-bottom)+124px)] flex flex-col items-center gap-2"
    >
      <EngagementActions engagement={props.engagement} copy="player" testIdPrefix="action" onAction={props.onAction} />
      <RailAction icon={LayoutGrid} testId="action-episodes" label={t('player.episodes')} caption={t('player.episodes')} onClick={props.onEpisodes} />
      <RailAction icon={Captions} testId="action-subtitles" label={t('player.subtitleSettings')} caption={t('player.subtitles')} onClick={props.onSubtitles} />
      <RailAction icon={Share2} testId="action-share" label={t('player.share')} caption={t('player.share')} onClick={poked(props.onShare)} />
      <RailAction
        icon={props.fullscreen ? Minimize : Maximize}
        testId="action-fullscreen"
        label={props.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
        caption={props.fullscreen ? t('player.exitShort') : t('player.fullscreenShort')}
        onClick={poked(props.onFullscreen)}
      />
    </nav>
  );
}

interface DramaInfoProps {
  title: string;
  description: string;
  sequence: number;
  total: number;
  onEpisodes: () => void;
}

/** Bottom left: title, episode N / total, the description (two lines, opened whole on "More"), and the way to the episode list. */
export function DramaInfo({ title, description, sequence, total, onEpisodes }: DramaInfoProps) {
  const { t } = useTranslation();
  return (
    <section data-testid="drama-info" className="pointer-events-auto mr-16 mb-1 pl-1 drop-shadow-[0_1px_2px_rgb(0_0_0/0.6)]">
      <h2 className="line-clamp-2 text-[17px] leading-snug font-bold">{title}</h2>
      <p className="mt-1 inline-flex items-center gap-1.5 text-[13px] font-medium text-white/85">
        <span data-testid="episode-progress" className="tabular-nums">
          {t('player.episodeProgress', { current: sequence, total })}
        </span>
      </p>
      {description && (
        <VideoDescription
          text={description}
          testId="drama-description"
          toggleTestId="drama-description-toggle"
          className="mt-1"
          textClassName="text-white/75"
          openClassName="max-h-[40dvh]"
          moreLabel={t('player.moreInfo')}
          lessLabel={t('player.lessInfo')}
        />
      )}
      <button
        type="button"
        onClick={onEpisodes}
        data-testid="episodes-bar"
        className="mt-2 flex min-h-10 w-full items-center gap-2 rounded-xl bg-white/12 px-3 text-left text-[13px] font-medium backdrop-blur-md active:bg-white/20"
      >
        <LayoutGrid aria-hidden className="size-4 shrink-0 text-white/80" />
        <span className="min-w-0 flex-1 truncate">
          {t('player.episodes')} · {t('player.totalEpisodes', { count: total })}
        </span>
        <ChevronRight aria-hidden className="size-4 shrink-0 text-white/70" />
      </button>
    </section>
  );
}

interface BottomControlsProps {
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  onInteract: () => void;
}

/** Play/pause, time, speed, volume and full screen, in one row above the progress bar. */
export function BottomControls({ fullscreen, onToggleFullscreen, onInteract }: BottomControlsProps) {
  const { t } = useTranslation();
  const engine = useEngine();
  const status = useEngineState((s) => s.status);
  const currentTime = useEngineState((s) => Math.floor(s.currentTime));
  const duration = useEngineState((s) => s.duration);
  const muted = useEngineState((s) => s.muted);
  const volume = useEngineState((s) => s.volume);
  const rate = useEngineState((s) => s.rate);
  const [speedOpen, setSpeedOpen] = useState(false);
  const playing = status === 'playing' || status === 'loading';
  const shownVolume = muted ? 0 : volume;
  const VolumeIcon = shownVolume === 0 ? VolumeX : shownVolume < 0.5 ? Volume1 : Volume2;

  return (
    <div className="pointer-events-auto relative flex items-center gap-0.5" onClick={onInteract}>
      <button
        type="button"
        data-testid="control-play"
        aria-label={playing ? t('player.pause') : t('player.play')}
        onClick={() => engine.toggle()}
        className="grid size-11 shrink-0 place-items-center rounded-full active:bg-white/15"
      >
        {playing ? <Pause aria-hidden className="size-5 fill-white" strokeWidth={0} /> : <Play aria-hidden className="size-5 fill-white" strokeWidth={0} />}
      </button>
      <span data-testid="player-time" className="shrink-0 text-xs font-medium text-white/90 tabular-nums">
        {formatTime(currentTime)} / {formatTime(duration)}
      </span>
      <div className="flex-1" />
      <div className="group/volume flex items-center">
        <button
          type="button"
          data-testid="control-mute"
          aria-label={muted ? t('player.unmute') : t('player.mute')}
          aria-pressed={muted}
          onClick={() => engine.setMuted(!muted)}
          className="grid size-11 shrink-0 place-items-center rounded-full active:bg-white/15"
        >
          <VolumeIcon aria-hidden className="size-5" />
        </button>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={shownVolume}
          aria-label={t('player.volume')}
          data-testid="control-volume"
          onChange={(event) => engine.setVolume(Number(event.target.value))}
          onPointerDown={(event) => event.stopPropagation()}
          className="player-range w-16"
          style={{ '--fill': `${shownVolume * 100}%` } as CSSProperties}
        />
      </div>
      <div className="relative">
        <button
          type="button"
          data-testid="control-speed"
          aria-label={t('player.speed')}
          aria-haspopup="menu"
          aria-expanded={speedOpen}
          onClick={() => setSpeedOpen((open) => !open)}
          className="min-h-11 min-w-11 shrink-0 rounded-full px-2 text-[13px] font-bold tabular-nums active:bg-white/15"
        >
          {t('player.speedValue', { value: formatRate(rate) })}
        </button>
        {speedOpen && (
          <div role="menu" aria-label={t('player.speed')} className="absolute right-0 bottom-full mb-2 flex animate-fade-in flex-col overflow-hidden rounded-2xl bg-black/85 py-1 shadow-xl backdrop-blur-xl">
            {[...SPEEDS].reverse().map((speed) => (
              <button
                key={speed}
                type="button"
                role="menuitemradio"
                aria-checked={rate === speed}
                data-testid={`speed-${speed}`}
                onClick={() => {
                  engine.setRate(speed);
                  setSpeedOpen(false);
                }}
                className={`min-h-11 px-6 text-sm font-semibold tabular-nums ${rate === speed ? 'text-accent' : 'text-white'} active:bg-white/10`}
              >
                {t('player.speedValue', { value: formatRate(speed) })}
              </button>
            ))}
          </div>
        )}
      </div>
      <button
        type="button"
        data-testid="control-fullscreen"
        aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
        onClick={onToggleFullscreen}
        className="grid size-11 shrink-0 place-items-center rounded-full active:bg-white/15"
      >
        {fullscreen ? <Minimize aria-hidden className="size-5" /> : <Maximize aria-hidden className="size-5" />}
      </button>
    </div>
  );
}
