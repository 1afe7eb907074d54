import { describe, expect, it } from 'vitest';
import { isHlsUrl, subtitleUrl, withTimestamp } from './media-url';

describe('subtitleUrl', () => {
  it('replaces the extension and adds a timestamp', () => {
    expect(subtitleUrl('/media/episodes/5/video.mp4', 'zh', 123)).toBe('/media/episodes/5/video.zh.vtt?t=123');
    expect(subtitleUrl('/media/episodes/5/index.m3u8', 'en', 1)).toBe('/media/episodes/5/index.en.vtt?t=1');
  });

  it('carries the signature of a locked episode over and keeps a CDN host', () => {
    expect(subtitleUrl('https://cdn.example.com/media/episodes/9/video.mp4?exp=1&sig=abc', 'zh-Hant', 7)).toBe(
      'https://cdn.example.com/media/episodes/9/video.zh-Hant.vtt?exp=1&sig=abc&t=7',
    );
    expect(subtitleUrl('/media/episodes/9/index.m3u8?exp=2&sig=x&t=5#start', 'en', 8)).toBe(
      '/media/episodes/9/index.en.vtt?exp=2&sig=x&t=8',
    );
  });
});

describe('withTimestamp', () => {
  it('adds or replaces t and keeps the other parameters', () => {
    expect(withTimestamp('/v.mp4', 5)).toBe('/v.mp4?t=5');
    expect(withTimestamp('/v.mp4?exp=1&sig=x', 5)).toBe('/v.mp4?exp=1&sig=x&t=5');
    expect(withTimestamp('/v.mp4?t=1&exp=2', 9)).toBe('/v.mp4?t=9&exp=2');
  });
});

describe('isHlsUrl', () => {
  it('looks at the path only', () => {
    expect(isHlsUrl('/media/episodes/1/index.m3u8?exp=1')).toBe(true);
    expect(isHlsUrl('/media/episodes/1/video.mp4?x=.m3u8')).toBe(false);
  });
});
