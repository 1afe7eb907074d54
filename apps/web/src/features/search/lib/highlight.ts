import type { TextRange } from '@drama/contracts';

export interface TextSegment {
  text: string;
  match: boolean;
}

/**
 * Splits a text into plain and matched runs for display. The ranges come from the server
 * ([start, end) in UTF-16 code units); ranges outside the text, empty, unsorted or
 * overlapping ones are tolerated rather than trusted, so a bad range can never garble a title.
 */
export function highlightSegments(text: string, ranges: readonly TextRange[]): TextSegment[] {
  const length = text.length;
  const clean = ranges
    .map(([start, end]): TextRange => [Math.max(0, Math.min(start, length)), Math.max(0, Math.min(end, length))])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);

  const merged: TextRange[] = [];
  for (const [start, end] of clean) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }

  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [start, end] of merged) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < length || segments.length === 0) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
