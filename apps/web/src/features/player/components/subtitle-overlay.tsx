import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSubtitles } from '../api/get-subtitles';
import { useEngineState } from '../hooks/use-engine';
import {
  SUBTITLE_COLOR_VALUES,
  clampPosition,
  updateSubtitleSettings,
  useSubtitleSettings,
} from '../lib/subtitle-settings';
import { activeCues } from '../lib/vtt';

interface SubtitleOverlayProps {
  videoUrl: string | null;
  /** The element the position is measured in (the player's stage). */
  containerRef: React.RefObject<HTMLElement | null>;
  /** The source on screen; cues of another source are never shown over it. */
  sourceKey: string | null;
  /** Keeps the subtitle above whatever covers the bottom (the info and controls while shown). */
  minBottom?: number;
}

/**
 * The app's own subtitles (not the browser's tracks): WebVTT fetched beside the video, drawn
 * with the viewer's size, colour and background, and dragged up or down with a finger.
 */
export function SubtitleOverlay({ videoUrl, containerRef, sourceKey, minBottom = 0 }: SubtitleOverlayProps) {
  const { t } = useTranslation();
  const settings = useSubtitleSettings();
  // Fetched once the episode shows its first frame, so the cold open gives the video the line first.
  const started = useEngineState((snapshot) => snapshot.key === sourceKey && (snapshot.status === 'playing' || snapshot.status === 'paused'));
  const { data: cues } = useSubtitles(videoUrl, settings.language, settings.visible && started);
  const text = useEngineState((snapshot) => {
    if (!cues || snapshot.key !== sourceKey || snapshot.status === 'loading') return '';
    return activeCues(cues, snapshot.currentTime)
      .map((cue) => cue.text)
      .join('\n');
  });
  const [dragPosition, setDragPosition] = useState<number | null>(null);
  const drag = useRef<{ pointerId: number; startY: number; startPosition: number } | null>(null);

  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [containerRef]);
  const position = dragPosition ?? clampPosition(settings.position, height);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startY: event.clientY, startPosition: position };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    event.stopPropagation();
    setDragPosition(clampPosition(state.startPosition - (event.clientY - state.startY), height));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    event.stopPropagation();
    drag.current = null;
    if (dragPosition !== null) updateSubtitleSettings({ position: Math.round(dragPosition) });
    setDragPosition(null);
  };

  if (!settings.visible || !text) return null;
  return (
    <div
      data-testid="subtitle-layer"
      data-position={Math.round(position)}
      className={`pointer-events-none absolute inset-x-0 z-[21] flex justify-center ${minBottom > 0 ? 'pr-[76px] pl-4' : 'px-6'} ${dragPosition === null ? 'transition-[bottom] duration-200 ease-out' : ''}`}
      style={{ bottom: dragPosition ?? Math.max(position, minBottom) }}
    >
      <div
        data-testid="subtitle"
        role="note"
        aria-label={t('player.dragSubtitle')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClick={(event) => event.stopPropagation()}
        className={`pointer-events-auto max-w-full cursor-grab touch-none rounded-md px-2.5 py-1 text-center leading-snug font-semibold whitespace-pre-line select-none [text-shadow:0_1px_2px_rgb(0_0_0/0.8)] ${
          dragPosition !== null ? 'cursor-grabbing ring-1 ring-white/40' : ''
        }`}
        style={{
          fontSize: settings.fontSize,
          color: SUBTITLE_COLOR_VALUES[settings.color],
          backgroundColor: `rgb(0 0 0 / ${settings.backgroundOpacity})`,
        }}
      >
        {text}
      </div>
    </div>
  );
}
