/** One cue of a WebVTT file, times in seconds. */
export interface VttCue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)/;

/** "01:02:03.456", "02:03.456" or "02:03" → seconds; NaN when it is not a timestamp. */
export function parseTimestamp(value: string): number {
  const parts = value.trim().replace(',', '.').split(':');
  if (parts.length < 2 || parts.length > 3) return Number.NaN;
  const seconds = Number(parts.pop());
  const minutes = Number(parts.pop());
  const hours = parts.length ? Number(parts.pop()) : 0;
  if (![seconds, minutes, hours].every(Number.isFinite) || seconds >= 60 || minutes >= 60) return Number.NaN;
  return hours * 3600 + minutes * 60 + seconds;
}

/** Drops the cue's markup (<b>, <i>, <v Speaker>, <c.class>, timestamps) and decodes the entities VTT allows. */
function plainText(line: string): string {
  return line
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lrm;|&rlm;/g, '')
    .replace(/&amp;/g, '&');
}

/**
 * A small WebVTT parser: cues with their timings and text; NOTE, STYLE and REGION blocks and
 * cue settings are skipped. Lenient like browsers: a bad block is dropped, not the whole file.
 * Returns cues sorted by start time.
 */
export function parseVtt(source: string): VttCue[] {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const blocks = text.split(/\n{2,}/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.split('\n')[0]?.trim() ?? '')) return [];
  const cues: VttCue[] = [];
  for (const block of blocks.slice(1)) {
    const lines = block.split('\n').filter((line, index, all) => index < all.length - 1 || line.trim() !== '');
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    // An identifier may sit above the timing line; anything else above it is not a cue.
    if (timingIndex < 0 || timingIndex > 1) continue;
    const match = TIMING.exec(lines[timingIndex] ?? '');
    if (!match?.[1] || !match[2]) continue;
    const start = parseTimestamp(match[1]);
    const end = parseTimestamp(match[2]);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) continue;
    const body = lines
      .slice(timingIndex + 1)
      .map(plainText)
      .join('\n')
      .trim();
    if (body) cues.push({ start, end, text: body });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cues showing at `time` (overlapping cues are all shown, in start order). */
export function activeCues(cues: readonly VttCue[], time: number): VttCue[] {
  return cues.filter((cue) => cue.start <= time && time < cue.end);
}
