import type { ExploreItem } from '@drama/contracts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { swipeDirection } from '../../../shared/gestures/swipe';
import { useSwipeSurface } from '../../../shared/gestures/use-swipe-surface';
import { useWheelSteps } from '../../../shared/gestures/use-wheel-steps';
import { usePageVisible } from '../hooks/use-page-visible';
import { FeedSlide } from './feed-slide';

interface ExploreFeedProps {
  items: readonly ExploreItem[];
  index: number;
  onIndexChange: (index: number) => void;
  /** The card after the last item: more loading, or the end of the feed. */
  trailing: ReactNode;
}

function trackTransform(index: number, offset: number): string {
  return `translate3d(0, calc(${-index * 100}% + ${offset}px), 0)`;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/**
 * The vertical feed: one item fills the screen, a swipe longer than 50 px (finger, pen or
 * mouse) from anywhere on it (the picture, the title, a button), the wheel (one item per
 * gesture) or the arrow and page keys move to the next or previous one. The track moves with a
 * transform; only the items around the current one are mounted, the next one preloading.
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

  /* ---- finger, pen and mouse: the feed's gesture surface, from wherever the drag starts ---- */

  useSwipeSurface(rootRef, {
    onDrag: (dy) => {
      // Past either end the track resists, moving a third of the finger's way.
      const beyond = (index === 0 && dy > 0) || (index === last && dy < 0);
      const track = trackRef.current;
      if (!track) return;
      track.style.transition = 'none';
      track.style.transform = trackTransform(index, beyond ? dy / 3 : dy);
    },
    onRelease: ({ dy, dx, cancelled }) => {
      const direction = cancelled ? null : swipeDirection(dy, dx);
      go(direction === 'next' ? index + 1 : direction === 'previous' ? index - 1 : index);
    },
  });

  /* ---- wheel and keys ---- */

  useWheelSteps(rootRef, (direction) => go(index + direction));

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
      className="absolute inset-0 overflow-hidden select-none"
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
