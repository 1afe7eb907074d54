import { GripHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { LONG_PRESS_MS, isTap } from '../../../shared/gestures/swipe';
import { claimGesture } from '../../../shared/gestures/use-swipe-surface';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSubtitles } from '../api/get-subtitles';
import { useEngineState } from '../hooks/use-engine';
import {
  SUBTITLE_COLOR_VALUES,
  clampToBand,
  episodeSubtitleLanguage,
  subtitleBand,
  updateSubtitleSettings,
  useSubtitleSettings,
} from '../lib/subtitle-settings';
import { activeCues } from '../lib/vtt';

interface SubtitleOverlayProps {
  videoUrl: string | null;
  /** The languages the episode on screen has subtitles in (its `subtitleLanguages`). */
  languages: readonly string[];
  /** The element the position is measured in (the player's stage). */
  containerRef: React.RefObject<HTMLElement | null>;
  /** The source on screen; cues of another source are never shown over it. */
  sourceKey: string | null;
  /** Keeps the subtitle above whatever covers the bottom (the info and controls while shown). */
  minBottom?: number;
}

interface Press {
  pointerId: number;
  x: number;
  y: number;
  /** Where the subtitle's bottom was when the press began. */
  from: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Held long enough: the subtitle follows the finger. */
  moving: boolean;
  /** Where the finger has taken it. */
  to: number;
}

/**
 * The app's own subtitles (not the browser's tracks): WebVTT fetched beside the video, drawn
 * with the viewer's size, colour and background. A swipe that starts on them is the player's
 * swipe like any other; they move only after a long-press (held still for LONG_PRESS_MS), and
 * stay within the band between the bottom controls and the centre play button. The subtitle
 * sheet's "Reset position" puts them back.
 */
export function SubtitleOverlay({ videoUrl, languages, containerRef, sourceKey, minBottom = 0 }: SubtitleOverlayProps) {
  const { t } = useTranslation();
  const settings = useSubtitleSettings();
  // Fetched once the episode shows its first frame, so the cold open gives the video the line first.
  const started = useEngineState((snapshot) => snapshot.key === sourceKey && (snapshot.status === 'playing' || snapshot.status === 'paused'));
  // An episode without the viewer's language shows none: its file would only answer 404.
  const track = episodeSubtitleLanguage(settings.language, languages);
  const { data: cues } = useSubtitles(videoUrl, track, settings.visible && started);
  const text = useEngineState((snapshot) => {
    if (!cues || snapshot.key !== sourceKey || snapshot.status === 'loading') return '';
    return activeCues(cues, snapshot.currentTime)
      .map((cue) => cue.text)
      .join('\n');
  });
  // While moving: where the finger has taken it, and the line it was holding (kept on screen if
  // the cue ends under the finger).
  const [drag, setDrag] = useState<{ at: number; text: string } | null>(null);
  const press = useRef<Press | null>(null);

  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [containerRef]);

  // The subtitle's own height (its lines at its size), which the band keeps below the play button.
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [boxHeight, setBoxHeight] = useState(0);
  useEffect(() => {
    if (!box) return;
    const observer = new ResizeObserver(() => setBoxHeight(box.offsetHeight));
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);

  useEffect(
    () => () => {
      if (press.current?.timer) clearTimeout(press.current.timer);
    },
    [],
  );

  const band = subtitleBand(height, boxHeight, minBottom);
  const position = clampToBand(settings.position, band);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if (press.current?.timer) clearTimeout(press.current.timer);
    const element = event.currentTarget;
    const pointerId = event.pointerId;
    const held = text;
    element.setPointerCapture(pointerId);
    const state: Press = { pointerId, x: event.clientX, y: event.clientY, from: position, to: position, moving: false, timer: null };
    state.timer = setTimeout(() => {
      state.timer = null;
      state.moving = true;
      // From here on the press is the subtitle's: the player's swipe lets it go.
      claimGesture(element, pointerId);
      setDrag({ at: state.from, text: held });
      navigator.vibrate?.(10);
    }, LONG_PRESS_MS);
    press.current = state;
  };

  const end = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = press.current;
    if (!state || state.pointerId !== event.pointerId) return;
    press.current = null;
    if (state.timer) clearTimeout(state.timer);
    if (!state.moving) return;
    updateSubtitleSettings({ position: Math.round(state.to) });
    setDrag(null);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = press.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const dy = event.clientY - state.y;
    if (!state.moving) {
      // Moved before the long-press: a swipe, which the player's surface takes.
      if (!isTap(dy, event.clientX - state.x)) end(event);
      return;
    }
    state.to = clampToBand(state.from - dy, band);
    setDrag((value) => value && { ...value, at: state.to });
  };

  const moving = drag !== null;
  const shownText = text || (drag?.text ?? '');
  if (!settings.visible || !shownText) return null;
  return (
    <div
      data-testid="subtitle-layer"
      data-position={Math.round(drag?.at ?? position)}
      className={`pointer-events-none absolute inset-x-0 z-[21] flex justify-center ${minBottom > 0 ? 'pr-[76px] pl-4' : 'px-6'} ${moving ? '' : 'transition-[bottom] duration-200 ease-out'}`}
      style={{ bottom: drag?.at ?? position }}
    >
      <div
        ref={setBox}
        data-testid="subtitle"
        data-moving={moving || undefined}
        role="note"
        aria-label={t('player.dragSubtitle')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={end}
        onPointerCancel={end}
        onLostPointerCapture={end}
        onContextMenu={(event) => event.preventDefault()}
        className={`pointer-events-auto relative max-w-full rounded-md px-2.5 py-1 text-center leading-snug font-semibold whitespace-pre-line select-none [-webkit-touch-callout:none] [text-shadow:0_1px_2px_rgb(0_0_0/0.8)] ${
          moving ? 'cursor-grabbing ring-2 ring-white/70' : ''
        }`}
        style={{
          fontSize: settings.fontSize,
          color: SUBTITLE_COLOR_VALUES[settings.color],
          backgroundColor: `rgb(0 0 0 / ${settings.backgroundOpacity})`,
        }}
      >
        {moving && (
          <span aria-hidden className="absolute -top-3 left-1/2 grid h-5 w-8 -translate-x-1/2 place-items-center rounded-full bg-white text-black shadow">
            <GripHorizontal className="size-4" />
          </span>
        )}
        {shownText}
      </div>
    </div>
  );
}
