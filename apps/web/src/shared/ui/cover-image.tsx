import { COVER_WIDTHS, type CoverWidth, coverVariantUrl } from '@drama/contracts';
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
  /** How wide the cover is shown, as the `sizes` attribute: the browser picks a variant to fit. */
  sizes?: string;
  /** The variants to choose from; a blurred backdrop needs only the smallest. */
  widths?: readonly CoverWidth[];
}

/**
 * A card in a three-column grid or a rail: about a third of the (at most 480 px) phone screen,
 * or one of five or six columns on a wide one.
 */
const CARD_SIZES = '(min-width: 1024px) 200px, (min-width: 480px) 160px, 34vw';

/** The variants the media server makes of a cover, as a `srcset`; empty for another host's image. */
export function coverSrcSet(src: string, widths: readonly CoverWidth[] = COVER_WIDTHS): string {
  const candidates = widths.map((width) => [coverVariantUrl(src, width), width] as const);
  return candidates.every(([url]) => url) ? candidates.map(([url, width]) => `${url} ${width}w`).join(', ') : '';
}

/**
 * A cover that never breaks the layout: lazy by default, a WebP variant sized to where it is
 * shown (the poster itself for browsers without WebP), and a quiet placeholder if it fails.
 */
export function CoverImage({
  src,
  className = '',
  eager = false,
  width = 300,
  height = 400,
  alt = '',
  sizes = CARD_SIZES,
  widths,
}: CoverImageProps) {
  // A variant that fails (a cover the server cannot resize) falls back to the cover itself:
  // a <picture> never tries its <img src> once a <source> has failed. Only then the placeholder.
  const [failure, setFailure] = useState<{ src: string; poster: boolean } | null>(null);
  const failed = failure?.src === src ? failure : null;
  if (failed?.poster) {
    return (
      <div className={`grid place-items-center bg-surface-3 text-fg-subtle ${className}`}>
        <Clapperboard aria-hidden className="size-8" strokeWidth={1.5} />
      </div>
    );
  }
  const srcSet = failed ? '' : coverSrcSet(src, widths);
  const image = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setFailure({ src, poster: srcSet === '' })}
      className={className}
    />
  );
  if (!srcSet) return image;
  // display: contents keeps the <img> the box that the caller's classes lay out.
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      {image}
    </picture>
  );
}
