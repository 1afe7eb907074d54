import type { ExploreItem } from '@drama/contracts';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { swipeDirection } from '../../player/lib/swipe';
import { usePageVisible } from '../hooks/use-page-visible';
import { FeedSlide } from './feed-slide';

interface ExploreFeedProps {
  items: readonly ExploreItem[];
  index: number;
  onIndexChange: (index: number) => void;
  /** The card after the last item: more loading, or the end of the feed. */
  trailing: ReactNode;
}

/** A press that moves less than this is a tap, not the start of a swipe. */
const DRAG_SLOP_PX = 10;
/** Wheel movement that counts as one step, like the swipe threshold. */
const WHEEL_STEP = 50;
/** After a wheel step, the rest of that flick (trackpads keep sending) is ignored this long. */
const WHEEL_LOCK_MS = 450;

function trackTransform(index: number, offset: number): string {
  return `translate3d(0, calc(${-index * 100}% + ${offset}px), 0)`;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/**
 * The vertical feed: one item fills the screen, a swipe longer than 50 px (finger, pen or
 * mouse), the wheel or the arrow keys move to the next or previous one. The track moves with
 * a transform; only the items around the current one are mounted, the next one preloading.
 */
export function ExploreFeed({ items, index, onIndexChange, trailing }: ExploreFeedProps) {
  const { t } = useTranslation();
  const pageVisible = usePageVisible();
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const count = items.length + 1;
  const last = count - 1;

  const go = useCallback(
    (target: number) => {
      const next = Math.max(0, Math.min(last, target));
      const track = trackRef.current;
      if (track) {
        // Settle from wherever the finger left it, to the chosen item.
        track.style.transition = '';
        track.style.transform = trackTransform(next, 0);
      }
      if (next !== index) onIndexChange(next);
    },
    [index, last, onIndexChange],
  );

  /* ---- finger, pen and mouse ---- */

  const drag = useRef<{ id: number; x: number; y: number; dragging: boolean } | null>(null);
  const swallowClick = useRef(false);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (drag.current) return;
    if (event.target instanceof Element && event.target.closest('[data-no-swipe]')) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, dragging: false };
    swallowClick.current = false;
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    const dy = event.clientY - state.y;
    const dx = event.clientX - state.x;
    if (!state.dragging) {
      if (Math.abs(dy) < DRAG_SLOP_PX || Math.abs(dy) < Math.abs(dx)) return;
      state.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    // Past either end the track resists, moving a third of the finger's way.
    const beyond = (index === 0 && dy > 0) || (index === last && dy < 0);
    const track = trackRef.current;
    if (track) {
      track.style.transition = 'none';
      track.style.transform = trackTransform(index, beyond ? dy / 3 : dy);
    }
  };

  const finish = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    drag.current = null;
    if (!state.dragging) return;
    swallowClick.current = true;
    const direction = cancelled ? null : swipeDirection(event.clientY - state.y, event.clientX - state.x);
    go(direction === 'next' ? index + 1 : direction === 'previous' ? index - 1 : index);
  };

  /* ---- wheel and keys ---- */

  const wheel = useRef({ sum: 0, lastAt: 0, lockedUntil: 0 });
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey) return;
      event.preventDefault();
      const state = wheel.current;
      const now = event.timeStamp;
      const quiet = now - state.lastAt > 200;
      state.lastAt = now;
      if (now < state.lockedUntil) {
        // Still the same flick: keep ignoring it until it calms down.
        if (!quiet) state.lockedUntil = Math.max(state.lockedUntil, now + 120);
        return;
      }
      if (quiet) state.sum = 0;
      const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
      state.sum += delta;
      if (Math.abs(state.sum) < WHEEL_STEP) return;
      go(index + (state.sum > 0 ? 1 : -1));
      state.sum = 0;
      state.lockedUntil = now + WHEEL_LOCK_MS;
    };
    root.addEventListener('wheel', onWheel, { passive: false });
    return () => root.removeEventListener('wheel', onWheel);
  }, [go, index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // A dialog or sheet on top owns the keys.
      if (document.querySelector('[aria-modal="true"]')) return;
      if (event.key === 'ArrowDown' || event.key === 'PageDown') {
        event.preventDefault();
        go(index + 1);
      } else if (event.key === 'ArrowUp' || event.key === 'PageUp') {
        event.preventDefault();
        go(index - 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index]);

  // The neighbours' sources wait until the first item plays: on a phone's network their videos
  // and posters would otherwise share its bandwidth while it is still loading. Once the feed has
  // played, a neighbour loads as soon as it is one away, so that a swipe shows it at once.
  const [played, setPlayed] = useState(false);
  const onPlaying = useCallback(() => setPlayed(true), []);

  const mounted: number[] = [];
  for (let position = Math.max(0, index - 1); position <= Math.min(last, index + 2); position += 1) mounted.push(position);

  return (
    <div
      ref={rootRef}
      data-testid="explore-feed"
      data-index={index}
      aria-label={t('explore.feed')}
      role="region"
      className="absolute inset-0 touch-none overflow-hidden select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => finish(event, false)}
      onPointerCancel={(event) => finish(event, true)}
      onClickCapture={(event) => {
        // The click that ends a drag is not a tap.
        if (!swallowClick.current) return;
        swallowClick.current = false;
        event.preventDefault();
        event.stopPropagation();
      }}
      onDragStart={(event) => event.preventDefault()}
    >
      <div
        ref={trackRef}
        className="absolute inset-0 transition-transform duration-300 ease-out-soft will-change-transform"
        style={{ transform: trackTransform(index, 0) }}
      >
        {mounted.map((position) => {
          const item = items[position];
          return (
            <div key={item ? item.drama.id : 'trailing'} className="absolute inset-x-0 h-full" style={{ top: `${position * 100}%` }}>
              {item ? (
                <FeedSlide
                  item={item}
                  position={position + 1}
                  total={items.length}
                  active={position === index}
                  near={Math.abs(position - index) <= 1}
                  loaded={position === index || (played && Math.abs(position - index) <= 1)}
                  onPlaying={onPlaying}
                  hold={!pageVisible}
                />
              ) : (
                <div className="h-full" inert={position !== index} data-testid="explore-trailing" data-active={position === index}>
                  {trailing}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
