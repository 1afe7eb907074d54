import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useEngine, useEngineState } from '../hooks/use-engine';
import { lockAxis } from '../../../shared/gestures/swipe';
import { clamp, formatTime } from '../lib/format-time';

interface ProgressBarProps {
  /** Controls shown: the bar grows and shows its thumb. */
  expanded: boolean;
  onInteract: () => void;
}

/**
 * The thin bar along the bottom of the video: played, buffered, a time tooltip under the
 * pointer, and seeking by a tap or a sideways drag (pointer events, so mouse, pen and finger
 * alike). A drag up or down from the bar is the player's swipe, as from anywhere else.
 */
export function ProgressBar({ expanded, onInteract }: ProgressBarProps) {
  const { t } = useTranslation();
  const engine = useEngine();
  const currentTime = useEngineState((s) => s.currentTime);
  const duration = useEngineState((s) => s.duration);
  const bufferedEnd = useEngineState((s) => s.bufferedEnd);
  const trackRef = useRef<HTMLDivElement>(null);
  const [dragTime, setDragTime] = useState<number | null>(null);
  const [hover, setHover] = useState<{ x: number; time: number; width: number } | null>(null);
  const press = useRef<{ id: number; x: number; y: number; scrubbing: boolean } | null>(null);

  const timeAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || duration <= 0) return { x: 0, time: 0, width: 0 };
    const x = clamp(clientX - rect.left, 0, rect.width);
    return { x, time: (x / rect.width) * duration, width: rect.width };
  };

  // A press on the bar seeks where it lifts without moving (a tap or a click); a drag that goes
  // sideways first scrubs. One that goes up or down first is the player's swipe, which then
  // takes the pointer from the bar (lostpointercapture).
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (duration <= 0 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = { id: event.pointerId, x: event.clientX, y: event.clientY, scrubbing: false };
    onInteract();
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = press.current;
    const point = timeAt(event.clientX);
    if (state?.id === event.pointerId) {
      if (!state.scrubbing && lockAxis(event.clientX - state.x, event.clientY - state.y) !== 'horizontal') return;
      state.scrubbing = true;
      setDragTime(point.time);
      setHover(point);
    } else if (event.pointerType === 'mouse') {
      setHover(point);
    }
  };
  const end = (event: ReactPointerEvent<HTMLDivElement>, commit: boolean) => {
    const state = press.current;
    if (state?.id !== event.pointerId) return;
    press.current = null;
    if (commit) engine.seek(timeAt(event.clientX).time);
    setDragTime(null);
    if (event.pointerType !== 'mouse') setHover(null);
    onInteract();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 5 : event.key === 'ArrowLeft' ? -5 : 0;
    if (!step) return;
    event.preventDefault();
    event.stopPropagation();
    engine.seek(currentTime + step);
    onInteract();
  };

  const shownTime = dragTime ?? currentTime;
  const played = duration > 0 ? clamp(shownTime / duration, 0, 1) : 0;
  const buffered = duration > 0 ? clamp(bufferedEnd / duration, 0, 1) : 0;
  const active = dragTime !== null;
  const thick = active || expanded;

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(shownTime)}
      aria-valuetext={`${formatTime(shownTime)} / ${formatTime(duration)}`}
      data-testid="progress-bar"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => end(event, true)}
      onPointerCancel={(event) => end(event, false)}
      onLostPointerCapture={(event) => end(event, false)}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && press.current === null) setHover(null);
      }}
      onKeyDown={onKeyDown}
      className="group pointer-events-auto relative flex h-6 cursor-pointer items-center outline-offset-0"
    >
      <div
        ref={trackRef}
        className={`relative w-full overflow-visible rounded-full bg-white/20 transition-[height] duration-150 ${
          thick ? 'h-1' : 'h-0.5'
        } ${active ? 'h-1.5' : ''}`}
      >
        <div className="absolute inset-y-0 left-0 rounded-full bg-white/35" style={{ width: `${buffered * 100}%` }} data-testid="progress-buffered" />
        <div className="absolute inset-y-0 left-0 rounded-full bg-white" style={{ width: `${played * 100}%` }} data-testid="progress-played" />
        <div
          aria-hidden
          className={`absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow-[0_1px_6px_rgb(0_0_0/0.5)] transition-transform duration-150 ${
            thick ? 'scale-100' : 'scale-0'
          } ${active ? 'scale-125' : ''}`}
          style={{ left: `${played * 100}%` }}
        />
      </div>
      {hover && duration > 0 && (
        <div
          role="tooltip"
          data-testid="progress-tooltip"
          className="pointer-events-none absolute bottom-full mb-2 -translate-x-1/2 rounded-md bg-black/80 px-2 py-1 text-xs font-semibold text-white tabular-nums shadow-lg"
          style={{ left: clamp(hover.x, 24, hover.width - 24) }}
        >
          {formatTime(hover.time)}
        </div>
      )}
    </div>
  );
}
