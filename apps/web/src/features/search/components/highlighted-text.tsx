import type { TextRange } from '@drama/contracts';
import { highlightSegments } from '../lib/highlight';

/** A text with the searched words marked in the accent colour. */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  return (
    <>
      {highlightSegments(text, ranges).map((segment, index) =>
        segment.match ? (
          <mark key={index} data-testid="search-match" className="rounded-[3px] bg-accent-soft px-px font-semibold text-accent">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
