import { useEffect, useState, type RefObject } from 'react';

/** A hairline of how far the preview has played, along the bottom edge. */
export function FeedProgress({ videoRef }: { videoRef: RefObject<HTMLVideoElement | null> }) {
  const [fraction, setFraction] = useState(0);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setFraction(video.duration > 0 ? Math.min(1, video.currentTime / video.duration) : 0);
    video.addEventListener('timeupdate', update);
    video.addEventListener('emptied', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('emptied', update);
    };
  }, [videoRef]);
  return (
    <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 z-10 h-0.5 bg-white/15">
      <div
        className="h-full origin-left bg-white/75 transition-transform duration-200 ease-linear"
        style={{ transform: `scaleX(${fraction})` }}
      />
    </div>
  );
}
