/** A subtitle file the console was sent that is neither WebVTT nor SRT. */
export class SubtitleFormatError extends Error {
  override name = 'SubtitleFormatError';
}

const SRT_TIME = /^(\d{1,2}:\d{2}:\d{2}),(\d{3})\s*-->\s*(\d{1,2}:\d{2}:\d{2}),(\d{3})(.*)$/;

/**
 * WebVTT as sent (checked for its header and at least one cue), or SRT turned into WebVTT:
 * the header added, the cue numbers dropped and the commas of the times made points.
 */
export function toWebVtt(content: string): string {
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  if (/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) {
    if (!/\d{2}:\d{2}\.\d{3}\s*-->/.test(text)) throw new SubtitleFormatError('The WebVTT file has no cues');
    return `${text}\n`;
  }
  const cues: string[] = [];
  for (const block of text.split(/\n{2,}/)) {
    const lines = block.split('\n');
    if (lines[0] && /^\d+$/.test(lines[0].trim())) lines.shift();
    const timing = SRT_TIME.exec((lines.shift() ?? '').trim());
    if (!timing) throw new SubtitleFormatError('The file is neither WebVTT nor SRT (a cue has no timing line)');
    const pad = (time: string) => (time.length === 7 ? `0${time}` : time);
    cues.push(`${pad(timing[1] ?? '')}.${timing[2]} --> ${pad(timing[3] ?? '')}.${timing[4]}\n${lines.join('\n')}`);
  }
  if (cues.length === 0) throw new SubtitleFormatError('The file has no cues');
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
