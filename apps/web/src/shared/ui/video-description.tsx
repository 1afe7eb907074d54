import { useState } from 'react';
import { useClamped } from './use-clamped';

interface VideoDescriptionProps {
  text: string;
  testId: string;
  toggleTestId?: string;
  /** The space above it. */
  className: string;
  /** The text's colour and, opened, its tallest box. */
  textClassName: string;
  openClassName: string;
  moreLabel: string;
  lessLabel: string;
}

/**
 * A drama's description over its video: two lines, with "More" when they cut it, opened whole on
 * a tap. Opened, it scrolls by itself (out of the swipe's way) only if even its tallest box cuts it.
 */
export function VideoDescription({ text, testId, toggleTestId, className, textClassName, openClassName, moreLabel, lessLabel }: VideoDescriptionProps) {
  const [expanded, setExpanded] = useState(false);
  const [textRef, overflows] = useClamped<HTMLParagraphElement>(true, text);
  return (
    <div className={className}>
      <p
        ref={textRef}
        data-testid={testId}
        data-gesture-scroll={expanded && overflows ? '' : undefined}
        className={`text-[13px] leading-relaxed ${textClassName} ${expanded ? `${openClassName} overflow-y-auto overscroll-contain` : 'line-clamp-2'}`}
      >
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          data-testid={toggleTestId}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="-my-2 min-h-9 py-2 text-[13px] font-semibold text-white"
        >
          {expanded ? lessLabel : moreLabel}
        </button>
      )}
    </div>
  );
}
