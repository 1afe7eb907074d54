import type { ComponentType } from 'react';

interface SkeletonProps {
  className?: string;
  /**
   * Without the sweep: the place of content not asked for yet (a row below the fold), which
   * would otherwise look as if it were loading.
   */
  still?: boolean;
}

/** A placeholder block with a soft sweep; sized by the caller to match what will replace it. */
export function Skeleton({ className = '', still = false }: SkeletonProps) {
  return (
    <div aria-hidden className={`relative overflow-hidden bg-surface-2 ${className}`}>
      {!still && (
        <div className="absolute inset-0 animate-shimmer bg-gradient-to-r from-transparent via-[var(--shimmer)] to-transparent" />
      )}
    </div>
  );
}

/** The shape of a DramaCard while its data loads, so nothing moves when it arrives. */
export function DramaCardSkeleton({ className = '', still = false }: SkeletonProps) {
  return (
    <div aria-hidden className={className}>
      <Skeleton still={still} className="aspect-[3/4] w-full rounded-xl" />
      <Skeleton still={still} className="mt-2 h-3.5 w-4/5 rounded-md" />
      <Skeleton still={still} className="mt-1.5 h-3 w-1/2 rounded-md" />
    </div>
  );
}

/** `count` copies of a placeholder: the rows of a list that has not loaded yet. */
export function Placeholders({ count, of: Placeholder }: { count: number; of: ComponentType }) {
  return Array.from({ length: count }, (_, index) => <Placeholder key={index} />);
}
