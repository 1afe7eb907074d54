import type { DramaSummary } from '@drama/contracts';
import { useId, type ReactNode } from 'react';
import { DramaCard } from '../../../shared/ui/drama-card';
import { ErrorState } from '../../../shared/ui/error-state';
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
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="mt-7">
      <SectionHeader id={headingId} title={title} to={to} />
      <div className="scrollbar-none mt-2.5 flex snap-x scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-1">
        {children}
      </div>
    </section>
  );
}

const CARD_WIDTH = { regular: 'w-[112px]', large: 'w-[132px]' } as const;

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
