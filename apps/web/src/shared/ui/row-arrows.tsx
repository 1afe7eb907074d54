import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from '../i18n/i18n';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Back and forward buttons for a row that scrolls sideways: a finger swipes it, a mouse has no
 * sideways wheel, so wide screens get buttons. Hidden below 1024 px, where the phone layout
 * stays as it is; each button is disabled at its end of the row.
 */
export function RowArrows({ scrollerRef, className = '' }: { scrollerRef: RefObject<HTMLElement | null>; className?: string }) {
  const { t } = useTranslation();
  const [ends, setEnds] = useState({ start: true, end: true });

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const measure = () =>
      setEnds({
        start: scroller.scrollLeft <= 1,
        end: scroller.scrollLeft >= scroller.scrollWidth - scroller.clientWidth - 1,
      });
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    // Cards arrive after the row is mounted: a new child changes the scroll width.
    const mutations = new MutationObserver(measure);
    mutations.observe(scroller, { childList: true });
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer.disconnect();
      mutations.disconnect();
    };
  }, [scrollerRef]);

  const page = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    scroller.scrollBy({ left: direction * scroller.clientWidth * 0.85, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  if (ends.start && ends.end) return null;
  const button =
    'grid size-9 place-items-center rounded-full border border-line bg-surface text-fg transition-colors duration-150 hover:bg-surface-2 disabled:cursor-default disabled:opacity-35 disabled:hover:bg-surface';
  return (
    <div className={`hidden items-center gap-2 lg:flex ${className}`}>
      <button type="button" className={button} aria-label={t('common.scrollBack')} disabled={ends.start} onClick={() => page(-1)} data-testid="row-back">
        <ChevronLeft aria-hidden className="size-5" />
      </button>
      <button type="button" className={button} aria-label={t('common.scrollForward')} disabled={ends.end} onClick={() => page(1)} data-testid="row-forward">
        <ChevronRight aria-hidden className="size-5" />
      </button>
    </div>
  );
}
