import { LIMITS } from '@drama/contracts';
import { ChevronsUp, Mouse, RotateCw, VideoOff, VolumeX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useInputKind } from '../../../shared/gestures/input-kind';
import { useTranslation } from '../../../shared/i18n/i18n';
import { readString, writeString } from '../../../shared/storage/local-storage';
import { useEngineState } from '../hooks/use-engine';

/** A spinner while the first frame or more data is on its way; held back briefly so fast loads never flash it. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const busy = useEngineState((s) => s.status === 'loading' || (s.waiting && s.status !== 'error' && s.status !== 'paused'));
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setShown(true), 250);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [busy]);
  if (!busy || !shown) return null;
  return (
    <div role="status" data-testid="player-loading" className="pointer-events-none absolute inset-0 z-[12] grid place-items-center">
      <span className="sr-only">{t('player.loading')}</span>
      <span aria-hidden className="player-spinner block size-11 rounded-full border-[3px] border-white/25 border-t-white" />
    </div>
  );
}

export function ErrorOverlay({ missing, onRetry }: { missing: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const failed = useEngineState((s) => s.status === 'error');
  if (!failed) return null;
  return (
    <div
      role="alert"
      data-testid="player-error"
      className="absolute inset-0 z-[25] flex flex-col items-center justify-center bg-black/70 px-10 text-center backdrop-blur-sm"
    >
      <div className="grid size-16 place-items-center rounded-full bg-white/10">
        <VideoOff aria-hidden className="size-7 text-white/80" strokeWidth={1.75} />
      </div>
      <p className="mt-4 text-base font-semibold">{t('player.videoFailed')}</p>
      {missing && <p className="mt-1.5 text-sm leading-relaxed text-white/60">{t('player.sourceMissing')}</p>}
      <button type="button" onClick={onRetry} className="btn-primary mt-5" data-testid="player-retry">
        <RotateCw aria-hidden className="size-4" />
        {t('player.retry')}
      </button>
    </div>
  );
}

/** The browser allowed playback only without sound: one tap brings it back. */
export function UnmuteChip({ onUnmute }: { onUnmute: () => void }) {
  const { t } = useTranslation();
  const autoMuted = useEngineState((s) => s.autoMuted && s.muted);
  if (!autoMuted) return null;
  return (
    <button
      type="button"
      data-testid="unmute-chip"
      onClick={(event) => {
        event.stopPropagation();
        onUnmute();
      }}
      className="absolute top-[calc(env(safe-area-inset-top)+58px)] left-3 z-[26] inline-flex min-h-11 animate-fade-in items-center py-1.5"
    >
      <span className="inline-flex h-8 items-center gap-1.5 rounded-full border border-white/20 bg-black/55 px-3 text-[13px] font-semibold text-white shadow-lg backdrop-blur-md active:scale-[0.97]">
        <VolumeX aria-hidden className="size-4" />
        {t('player.tapToUnmute')}
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
