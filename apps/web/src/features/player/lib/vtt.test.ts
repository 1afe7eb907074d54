import { describe, expect, it } from 'vitest';
import { activeCues, parseTimestamp, parseVtt } from './vtt';

describe('parseTimestamp', () => {
  it('reads hours, minutes and seconds with milliseconds', () => {
    expect(parseTimestamp('00:00:04.400')).toBeCloseTo(4.4);
    expect(parseTimestamp('01:02:03.5')).toBeCloseTo(3723.5);
    expect(parseTimestamp('02:03.250')).toBeCloseTo(123.25);
    expect(parseTimestamp('00:07')).toBe(7);
  });

  it('rejects what is not a timestamp', () => {
    expect(parseTimestamp('abc')).toBeNaN();
    expect(parseTimestamp('12')).toBeNaN();
    expect(parseTimestamp('00:75.000')).toBeNaN();
  });
});

describe('parseVtt', () => {
  it('parses cues with identifiers, settings, several lines and markup', () => {
    const cues = parseVtt(
      [
        'WEBVTT - demo',
        '',
        'NOTE a comment',
        'over two lines',
        '',
        'STYLE',
        '::cue { color: red }',
        '',
        '1',
        '00:00:00.300 --> 00:00:04.400 line:80% align:center',
        'Where am I?',
        '',
        '00:04.600 --> 00:09.200',
        '<v Maid>My lady, <i>you are awake</i>!</v>',
        'Second line &amp; more',
        '',
      ].join('\n'),
    );
    expect(cues).toEqual([
      { start: 0.3, end: 4.4, text: 'Where am I?' },
      { start: 4.6, end: 9.2, text: 'My lady, you are awake!\nSecond line & more' },
    ]);
  });

  it('accepts CRLF line ends and a byte-order mark', () => {
    const cues = parseVtt('\uFEFFWEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nHello\r\n');
    expect(cues).toEqual([{ start: 1, end: 2, text: 'Hello' }]);
  });

  it('drops broken cues and keeps the rest', () => {
    const cues = parseVtt(
      'WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nbackwards\n\nnonsense\n\n00:00:xx --> 00:00:03.000\nbad\n\n00:00:06.000 --> 00:00:07.000\nkept\n',
    );
    expect(cues).toEqual([{ start: 6, end: 7, text: 'kept' }]);
  });

  it('returns nothing for a file without the WEBVTT header', () => {
    expect(parseVtt('1\n00:00:01,000 --> 00:00:02,000\nSRT, not VTT\n')).toEqual([]);
    expect(parseVtt('')).toEqual([]);
  });

  it('sorts cues by start time', () => {
    const cues = parseVtt('WEBVTT\n\n00:00:03.000 --> 00:00:04.000\nb\n\n00:00:01.000 --> 00:00:02.000\na\n');
    expect(cues.map((cue) => cue.text)).toEqual(['a', 'b']);
  });
});

describe('activeCues', () => {
  const cues = parseVtt('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\na\n\n00:00:02.000 --> 00:00:04.000\nb\n');
  it('finds the cues at a time, start inclusive and end exclusive', () => {
    expect(activeCues(cues, 0.5)).toEqual([]);
    expect(activeCues(cues, 1).map((cue) => cue.text)).toEqual(['a']);
    expect(activeCues(cues, 2.5).map((cue) => cue.text)).toEqual(['a', 'b']);
    expect(activeCues(cues, 3).map((cue) => cue.text)).toEqual(['b']);
    expect(activeCues(cues, 4)).toEqual([]);
  });
});
