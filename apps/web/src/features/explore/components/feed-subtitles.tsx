import type { PlayInfo } from '@drama/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { SUBTITLE_COLOR_VALUES, activeCues, parseVtt, useSubtitleSettings } from '../../player';

async function getCues(url: string, signal: AbortSignal) {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Subtitles answered ${response.status}`);
  return parseVtt(await response.text());
}

interface FeedSubtitlesProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  tracks: PlayInfo['subtitles'];
}

/**
 * The preview's subtitles in the viewer's chosen language, size and colour (the player's
 * settings), so a muted preview can still be followed.
 */
export function FeedSubtitles({ videoRef, tracks }: FeedSubtitlesProps) {
  const settings = useSubtitleSettings();
  const track = tracks.find((candidate) => candidate.language === settings.language) ?? tracks[0];
  const { data: cues } = useQuery({
    queryKey: ['subtitles', 'feed', track?.url ?? ''],
    queryFn: ({ signal }) => getCues(track?.url ?? '', signal),
    enabled: settings.visible && track !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
  const [text, setText] = useState('');

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !cues) return;
    const update = () =>
      setText(
        activeCues(cues, video.currentTime)
          .map((cue) => cue.text)
          .join('\n'),
      );
    update();
    video.addEventListener('timeupdate', update);
    video.addEventListener('seeked', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('seeked', update);
    };
  }, [videoRef, cues]);

  if (!settings.visible || !text) return null;
  return (
    <div className="pointer-events-none flex justify-center px-1" data-testid="explore-subtitle">
      <p
        className="max-w-full rounded-md px-2.5 py-1 text-center leading-snug font-semibold whitespace-pre-line [text-shadow:0_1px_2px_rgb(0_0_0/0.8)]"
        style={{
          fontSize: settings.fontSize,
          color: SUBTITLE_COLOR_VALUES[settings.color],
          backgroundColor: `rgb(0 0 0 / ${settings.backgroundOpacity})`,
        }}
      >
        {text}
      </p>
    </div>
  );
}
