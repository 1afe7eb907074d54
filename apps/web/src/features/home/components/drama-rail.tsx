import type { DramaSummary } from '@drama/contracts';
import { useId, useRef, type ReactNode } from 'react';
import { DramaCard } from '../../../shared/ui/drama-card';
import { ErrorState } from '../../../shared/ui/error-state';
import { RowArrows } from '../../../shared/ui/row-arrows';
import { SectionHeader } from '../../../shared/ui/section-header';
import { DramaCardSkeleton } from '../../../shared/ui/skeleton';

interface RailProps {
  title: string;
  to?: string;
  testId: string;
  children: ReactNode;
}

/** A titled row that scrolls sideways, the unit the home page is built from. */
export function Rail({ title, to, testId, children }: RailProps) {
  const headingId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="mt-7 lg:mt-10">
      <SectionHeader id={headingId} title={title} to={to}>
        <RowArrows scrollerRef={scrollerRef} />
      </SectionHeader>
      <div
        ref={scrollerRef}
        className="scrollbar-none mt-2.5 flex snap-x scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-1 lg:gap-4 lg:scroll-smooth"
      >
        {children}
      </div>
    </section>
  );
}

// Wide screens show six or seven covers a row, big enough to read their titles from a chair.
const CARD_WIDTH = { regular: 'w-[112px] lg:w-[164px]', large: 'w-[132px] lg:w-[184px]' } as const;

interface DramaRailProps {
  title: string;
  to?: string;
  testId: string;
  dramas: readonly DramaSummary[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  ranked?: boolean;
}

export function DramaRail({ title, to, testId, dramas, isPending, error, onRetry, ranked = false }: DramaRailProps) {
  const width = ranked ? CARD_WIDTH.large : CARD_WIDTH.regular;
  if (error && !dramas) {
    return (
      <section data-testid={testId} className="mt-7">
        <SectionHeader title={title} />
        <ErrorState compact error={error} onRetry={onRetry} className="mx-4 mt-2.5" />
      </section>
    );
  }
  if (!isPending && dramas?.length === 0) return null;
  return (
    <Rail title={title} to={to} testId={testId}>
      {isPending || !dramas
        ? Array.from({ length: 4 }, (_, index) => <DramaCardSkeleton key={index} className={`${width} shrink-0`} />)
        : dramas.map((drama, index) => (
            <DramaCard
              key={drama.id}
              drama={drama}
              rank={ranked ? index + 1 : undefined}
              meta={drama.category?.name}
              className={`${width} shrink-0 snap-start`}
            />
          ))}
    </Rail>
  );
}
