import { describe, expect, it } from 'vitest';
import { SubtitleFormatError, toWebVtt } from './subtitles.js';

describe('subtitle files', () => {
  it('keep WebVTT as sent, line endings made plain', () => {
    expect(toWebVtt('\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n')).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n');
  });

  it('turn SRT into WebVTT: header, no cue numbers, points in the times, hours padded, SRT-only coordinates dropped', () => {
    expect(toWebVtt('1\n0:00:01,000 --> 0:00:02,500\nFirst line\nsecond line\n\n2\n00:00:03,000 --> 00:00:04,000 X1:10 X2:20\nNext\n')).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nFirst line\nsecond line\n\n00:00:03.000 --> 00:00:04.000\nNext\n',
    );
  });

  it('refuse what is neither', () => {
    expect(() => toWebVtt('just some text')).toThrow(SubtitleFormatError);
    expect(() => toWebVtt('WEBVTT\n\nno cues here')).toThrow(SubtitleFormatError);
  });
});
