import { Clapperboard } from 'lucide-react';
import { useState } from 'react';

interface CoverImageProps {
  src: string;
  className?: string;
  eager?: boolean;
  /** Intrinsic size of the 3:4 covers; lets the browser reserve the box before the file arrives. */
  width?: number;
  height?: number;
  alt?: string;
}

/** A cover that never breaks the layout: lazy by default, and a quiet placeholder if it fails. */
export function CoverImage({ src, className = '', eager = false, width = 300, height = 400, alt = '' }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <div className={`grid place-items-center bg-surface-3 text-fg-subtle ${className}`}>
        <Clapperboard aria-hidden className="size-8" strokeWidth={1.5} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setFailedSrc(src)}
      className={className}
    />
  );
}
