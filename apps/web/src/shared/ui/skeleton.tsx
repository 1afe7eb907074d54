interface SkeletonProps {
  className?: string;
}

/** A placeholder block with a soft sweep; sized by the caller to match what will replace it. */
export function Skeleton({ className = '' }: SkeletonProps) {
  return (
    <div aria-hidden className={`relative overflow-hidden bg-surface-2 ${className}`}>
      <div className="absolute inset-0 animate-shimmer bg-gradient-to-r from-transparent via-[var(--shimmer)] to-transparent" />
    </div>
  );
}

/** The shape of a DramaCard while its data loads, so nothing moves when it arrives. */
export function DramaCardSkeleton({ className = '' }: SkeletonProps) {
  return (
    <div aria-hidden className={className}>
      <Skeleton className="aspect-[3/4] w-full rounded-xl" />
      <Skeleton className="mt-2 h-3.5 w-4/5 rounded-md" />
      <Skeleton className="mt-1.5 h-3 w-1/2 rounded-md" />
    </div>
  );
}
