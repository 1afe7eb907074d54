import { describe, expect, it } from 'vitest';
import { srtToVtt } from './folder-import.js';

describe('srtToVtt', () => {
  it('adds the header and writes milliseconds after a dot, keeping cues as they are', () => {
    const srt = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello, world\r\n\r\n2\r\n00:01:00,000 --> 00:01:02,000\r\n再见\r\n';
    expect(srtToVtt(srt)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello, world\n\n2\n00:01:00.000 --> 00:01:02.000\n再见\n',
    );
  });
});
