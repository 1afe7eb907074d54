import { RotateCw, VideoOff } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import './video-motion.css';

/** The white ring turning over a video while it loads. */
export function Spinner() {
  return <span aria-hidden className="video-spinner block size-11 rounded-full border-[3px] border-white/25 border-t-white" />;
}

interface LoadingRingProps {
  busy: boolean;
  /** What a screen reader hears while it turns. */
  label: string;
  /** Its layer over the video (a z-index class). */
  layer: string;
  testId?: string;
}

/** A spinner held back briefly, so a quick start never flashes it. */
export function LoadingRing({ busy, label, layer, testId }: LoadingRingProps) {
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
    <div role="status" data-testid={testId} className={`pointer-events-none absolute inset-0 ${layer} grid place-items-center`}>
      <span className="sr-only">{label}</span>
      <Spinner />
    </div>
  );
}

interface VideoErrorProps {
  testId: string;
  retryTestId: string;
  /** Its layer over the video (a z-index class). */
  layer: string;
  onRetry: () => void;
  /** A line under the message that says more. */
  children?: ReactNode;
}

/** A video that failed to play, over it, with the way to try again. */
export function VideoError({ testId, retryTestId, layer, onRetry, children }: VideoErrorProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid={testId}
      className={`absolute inset-0 ${layer} flex flex-col items-center justify-center bg-black/70 px-10 text-center backdrop-blur-sm`}
    >
      <div className="grid size-16 place-items-center rounded-full bg-white/10">
        <VideoOff aria-hidden className="size-7 text-white/80" strokeWidth={1.75} />
      </div>
      <p className="mt-4 text-base font-semibold">{t('player.videoFailed')}</p>
      {children}
      <button type="button" onClick={onRetry} className="btn-primary mt-5" data-testid={retryTestId}>
        <RotateCw aria-hidden className="size-4" />
        {t('player.retry')}
      </button>
    </div>
  );
}
