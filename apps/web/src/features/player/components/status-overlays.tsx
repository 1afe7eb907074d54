import { LIMITS } from '@drama/contracts';
import { ChevronsUp, Mouse, VolumeX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useInputKind } from '../../../shared/gestures/input-kind';
import { useTranslation } from '../../../shared/i18n/i18n';
import { readString, writeString } from '../../../shared/storage/local-storage';
import { LoadingRing, VideoError } from '../../../shared/ui/video-status';
import { useEngineState } from '../hooks/use-engine';
import { ownTap } from '../lib/own-tap';

/** A spinner while the first frame or more data is on its way; held back briefly so fast loads never flash it. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const busy = useEngineState((s) => s.status === 'loading' || (s.waiting && s.status !== 'error' && s.status !== 'paused'));
  return <LoadingRing busy={busy} label={t('player.loading')} layer="z-[12]" testId="player-loading" />;
}

export function ErrorOverlay({ missing, onRetry }: { missing: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const failed = useEngineState((s) => s.status === 'error');
  if (!failed) return null;
  return (
    <VideoError testId="player-error" retryTestId="player-retry" layer="z-[25]" onRetry={onRetry}>
      {missing && <p className="mt-1.5 text-sm leading-relaxed text-white/60">{t('player.sourceMissing')}</p>}
    </VideoError>
  );
}

/** The browser allowed playback only without sound: one tap brings it back. */
export function UnmuteChip({ onUnmute }: { onUnmute: () => void }) {
  const { t } = useTranslation();
  const autoMuted = useEngineState((s) => s.autoMuted && s.muted);
  const mouse = useInputKind() === 'mouse';
  if (!autoMuted) return null;
  return (
    <button
      type="button"
      data-testid="unmute-chip"
      onClick={ownTap(onUnmute)}
      className="absolute top-[calc(env(safe-area-inset-top)+58px)] left-3 z-[26] inline-flex min-h-11 animate-fade-in items-center py-1.5"
    >
      <span className="inline-flex h-8 items-center gap-1.5 rounded-full border border-white/20 bg-black/55 px-3 text-[13px] font-semibold text-white shadow-lg backdrop-blur-md active:scale-[0.97]">
        <VolumeX aria-hidden className="size-4" />
        {mouse ? t('player.clickToUnmute') : t('player.tapToUnmute')}
      </span>
    </button>
  );
}

const HINT_KEY = 'player_swipe_hint_seen';

/**
 * Shown on the first visit only, until dismissed, the first change of episode, or a few seconds
 * into playback. Worded for the input in use: a swipe for a finger, the wheel and the arrow keys
 * for a mouse.
 */
export function SwipeHint() {
  const { t } = useTranslation();
  const input = useInputKind();
  const [dismissed, setDismissed] = useState(() => readString(HINT_KEY) === '1');
  const playing = useEngineState((s) => s.status === 'playing');
  // The viewer has done what it says once the episode changes (a swipe that starts on the hint
  // is the player's swipe too).
  const key = useEngineState((s) => s.key);
  const [firstKey, setFirstKey] = useState(key);
  if (firstKey === null && key !== null) setFirstKey(key);
  const moved = firstKey !== null && key !== null && key !== firstKey;
  const open = !dismissed && !moved;
  const dismiss = () => {
    writeString(HINT_KEY, '1');
    setDismissed(true);
  };
  useEffect(() => {
    if (moved) writeString(HINT_KEY, '1');
  }, [moved]);
  useEffect(() => {
    if (!open || !playing) return;
    const timer = setTimeout(dismiss, LIMITS.controlsAutoHideMs);
    return () => clearTimeout(timer);
  }, [open, playing]);
  if (!open) return null;
  const mouse = input === 'mouse';
  const Icon = mouse ? Mouse : ChevronsUp;
  return (
    <button
      type="button"
      data-testid="swipe-hint"
      data-input={input}
      onClick={dismiss}
      className="absolute inset-0 z-[40] flex animate-fade-in flex-col items-center justify-center gap-3 bg-black/55 text-center"
    >
      <Icon aria-hidden className={`size-14 text-white ${mouse ? '' : 'player-swipe-hand'}`} strokeWidth={1.75} />
      <span className="text-lg font-semibold">{mouse ? t('player.wheelHint') : t('player.swipeHint')}</span>
      <span className="text-sm text-white/70">{mouse ? t('player.wheelHintBack') : t('player.swipeHintBack')}</span>
      <span className="mt-4 inline-flex min-h-11 items-center rounded-full border border-white/40 px-6 text-sm font-semibold">
        {t('player.gotIt')}
      </span>
    </button>
  );
}
