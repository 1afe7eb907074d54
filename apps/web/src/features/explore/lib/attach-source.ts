import type { PlayInfo } from '@drama/contracts';
import { isHlsUrl } from '../../player';

/**
 * Puts a source on a <video>: an HLS playlist through hls.js where the browser has no native
 * HLS (Chromium, Firefox; hls.js is loaded only then), anything else directly. Returns the
 * undo, which also stops the element's network activity.
 */
export function attachSource(
  video: HTMLVideoElement,
  url: string,
  format: PlayInfo['format'],
  onFatal: () => void,
): () => void {
  let disposed = false;
  let hls: { destroy(): void } | null = null;
  const hlsSource = format === 'hls' || isHlsUrl(url);

  video.preload = 'auto';
  if (hlsSource && !video.canPlayType('application/vnd.apple.mpegurl')) {
    video.removeAttribute('src');
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (disposed) return;
        if (!Hls.isSupported()) {
          onFatal();
          return;
        }
        // A short buffer: the feed keeps up to three of these alive, most of them never watched to the end.
        const instance = new Hls({ maxBufferLength: 10, maxMaxBufferLength: 20 });
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal && !disposed) onFatal();
        });
        instance.loadSource(url);
        instance.attachMedia(video);
        hls = instance;
      })
      .catch(() => {
        if (!disposed) onFatal();
      });
  } else {
    video.src = url;
    video.load();
  }

  return () => {
    disposed = true;
    hls?.destroy();
    hls = null;
    video.pause();
    video.removeAttribute('src');
    video.load();
  };
}
