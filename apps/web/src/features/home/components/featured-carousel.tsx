import type { DramaSummary } from '@drama/contracts';
import { Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { CoverImage } from '../../../shared/ui/cover-image';
import { RowArrows } from '../../../shared/ui/row-arrows';
import { Skeleton } from '../../../shared/ui/skeleton';
import { bannerLabels } from '../lib/banner-labels';

const AUTO_ADVANCE_MS = 5_000;
const SLIDE_INSET_PX = 16;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function Slide({ drama, index, total }: { drama: DramaSummary; index: number; total: number }) {
  const { t } = useTranslation();
  const episodes = drama.isCompleted
    ? t('drama.episodes', { count: drama.episodeCount })
    : t('drama.ongoing', { count: drama.episodeCount });
  const labels = bannerLabels(drama.category?.name, drama.tags.map((tag) => tag.name));
  return (
    <article
      aria-roledescription="slide"
      aria-label={t('home.slide', { index: index + 1, total })}
      className="relative aspect-[16/11] w-[88%] shrink-0 snap-start overflow-hidden rounded-[24px] bg-surface-2 shadow-card lg:aspect-[2/1] lg:w-[calc(50%-0.5rem)]"
      data-testid="featured-slide"
    >
      {/* The poster itself, blurred, tints the whole banner in its own colours. */}
      <CoverImage
        src={drama.coverUrl}
        eager={index === 0}
        width={600}
        height={800}
        widths={[160]}
        className="absolute inset-0 size-full scale-125 object-cover blur-2xl saturate-150"
      />
      <div aria-hidden className="absolute inset-0 bg-gradient-to-r from-black/75 via-black/55 to-black/35" />
      <div className="relative flex h-full gap-4 p-4 lg:gap-6 lg:p-6">
        <Link
          to={`/player/${drama.id}`}
          tabIndex={-1}
          aria-hidden
          className="relative aspect-[3/4] h-full max-w-[42%] shrink-0 overflow-hidden rounded-2xl shadow-[0_16px_32px_-12px_rgb(0_0_0/0.8)] ring-1 ring-white/15"
        >
          <CoverImage
            src={drama.coverUrl}
            eager={index === 0}
            width={600}
            height={800}
            sizes="(min-width: 1024px) 260px, 180px"
            className="size-full object-cover"
          />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col text-white">
          {labels.length > 0 && (
            <p className="truncate text-[11px] font-semibold tracking-wide text-[#ff8aa0] lg:text-xs">{labels.join(' · ')}</p>
          )}
          <h3 className="mt-1 line-clamp-2 shrink-0 text-base leading-snug font-extrabold tracking-tight [overflow-wrap:anywhere] lg:text-2xl">
            {drama.title}
          </h3>
          <p className="mt-1 line-clamp-2 text-xs leading-normal text-white/70 lg:mt-2 lg:line-clamp-3 lg:text-sm">{drama.description}</p>
          <div className="mt-auto flex flex-col items-start gap-2 pt-2">
            <span className="text-[11px] font-medium text-white/60 lg:text-xs">{episodes}</span>
            <Link to={`/player/${drama.id}`} className="btn-primary min-h-9 gap-1.5 px-4 text-[13px] whitespace-nowrap lg:min-h-11 lg:px-6 lg:text-[15px]">
              <Play aria-hidden className="size-3.5 fill-current" />
              {t('drama.watchNow')}
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}

export function FeaturedCarouselSkeleton() {
  return (
    <div aria-hidden className="flex gap-3 overflow-hidden px-4">
      <Skeleton className="aspect-[16/11] w-[88%] shrink-0 rounded-[24px] lg:aspect-[2/1] lg:w-[calc(50%-0.5rem)]" />
      <Skeleton className="aspect-[16/11] w-[88%] shrink-0 rounded-[24px] lg:aspect-[2/1] lg:w-[calc(50%-0.5rem)]" />
    </div>
  );
}

/** Swipeable with native scroll snapping; advances by itself unless touched, hidden or reduced. */
export function FeaturedCarousel({ dramas }: { dramas: readonly DramaSummary[] }) {
  const { t } = useTranslation();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const activeRef = useRef(0);
  const pausedRef = useRef(false);
  const count = dramas.length;

  const goTo = useCallback((index: number) => {
    const scroller = scrollerRef.current;
    const slide = scroller?.children[index];
    if (!scroller || !(slide instanceof HTMLElement)) return;
    scroller.scrollTo({
      left: slide.offsetLeft - SLIDE_INSET_PX,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, []);

  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (!scroller || count === 0) return;
    const atEnd = scroller.scrollLeft >= scroller.scrollWidth - scroller.clientWidth - 2;
    let nearest = 0;
    let best = Number.POSITIVE_INFINITY;
    Array.from(scroller.children).forEach((child, index) => {
      if (!(child instanceof HTMLElement)) return;
      const distance = Math.abs(child.offsetLeft - SLIDE_INSET_PX - scroller.scrollLeft);
      if (distance < best) {
        best = distance;
        nearest = index;
      }
    });
    const index = atEnd ? count - 1 : nearest;
    activeRef.current = index;
    setActive(index);
  };

  useEffect(() => {
    if (count < 2 || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      if (pausedRef.current || document.hidden) return;
      goTo((activeRef.current + 1) % count);
    }, AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count, goTo]);

  const pause = () => {
    pausedRef.current = true;
  };
  const resume = () => {
    pausedRef.current = false;
  };

  return (
    <section aria-roledescription="carousel" aria-label={t('home.featured')} data-testid="featured-carousel">
      <div
        ref={scrollerRef}
        onScroll={onScroll}
        onPointerDown={pause}
        onPointerUp={resume}
        onPointerCancel={resume}
        onMouseEnter={pause}
        onMouseLeave={resume}
        onFocus={pause}
        onBlur={resume}
        className="scrollbar-none relative flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 lg:gap-4"
      >
        {dramas.map((drama, index) => (
          <Slide key={drama.id} drama={drama} index={index} total={count} />
        ))}
      </div>
      {count > 1 && (
        <div className="relative mt-3 flex justify-center gap-0.5">
          {dramas.map((drama, index) => (
            <button
              key={drama.id}
              type="button"
              aria-label={t('home.goToSlide', { index: index + 1 })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => goTo(index)}
              className="group grid h-6 place-items-center px-1"
            >
              <span
                className={`block h-1.5 rounded-full transition-all duration-200 ${
                  index === active ? 'w-5 bg-accent' : 'w-1.5 bg-line-strong group-hover:bg-fg-subtle'
                }`}
              />
            </button>
          ))}
          <RowArrows scrollerRef={scrollerRef} className="absolute top-1/2 right-4 -translate-y-1/2" />
        </div>
      )}
    </section>
  );
}
