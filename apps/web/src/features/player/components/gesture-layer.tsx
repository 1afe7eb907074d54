import { useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { isTap } from '../lib/swipe';

interface GestureLayerProps {
  /** The drag ended: return true when it switched episodes. */
  onSwipe: (dy: number, dx: number) => boolean;
  onTap: () => void;
  children: ReactNode;
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Vertical swipes and taps over the video, from pointer events (finger, pen and mouse alike;
 * no gesture library). The picture follows the finger a little, so the swipe feels physical.
 */
export function GestureLayer({ onSwipe, onTap, children }: GestureLayerProps) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const [settling, setSettling] = useState(false);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (start.current) return;
    start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
    setSettling(false);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const origin = start.current;
    if (!origin || origin.id !== event.pointerId || reducedMotion()) return;
    const dy = event.clientY - origin.y;
    // Resistance: the picture moves a third of the finger's way, at most 120 px.
    setOffset(Math.max(-120, Math.min(120, dy / 3)));
  };

  const finish = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const origin = start.current;
    if (!origin || origin.id !== event.pointerId) return;
    start.current = null;
    setSettling(true);
    setOffset(0);
    if (cancelled) return;
    const dy = event.clientY - origin.y;
    const dx = event.clientX - origin.x;
    if (isTap(dy, dx)) onTap();
    else onSwipe(dy, dx);
  };

  return (
    <div
      data-testid="player-gestures"
      className="absolute inset-0 touch-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => finish(event, false)}
      onPointerCancel={(event) => finish(event, true)}
    >
      <div
        className={`absolute inset-0 ${settling ? 'transition-transform duration-200 ease-out' : ''}`}
        style={{ transform: offset ? `translate3d(0, ${offset}px, 0)` : undefined }}
      >
        {children}
      </div>
    </div>
  );
}
