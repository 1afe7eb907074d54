import { useState, type ReactNode, type RefObject } from 'react';
import { resisted } from '../../../shared/gestures/swipe';
import { useSwipeSurface } from '../../../shared/gestures/use-swipe-surface';

interface GestureLayerProps {
  /**
   * The whole player: the swipe is taken wherever it starts in it (the picture, the title, a
   * button, a bar), not only over the bare picture.
   */
  surfaceRef: RefObject<HTMLElement | null>;
  /** The drag ended: return true when it switched episodes. */
  onSwipe: (dy: number, dx: number) => boolean;
  /** A tap on the picture (not on a control). */
  onTap: () => void;
  children: ReactNode;
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The picture, which follows a vertical drag a little so the swipe feels physical, and takes a
 * tap to show or hide the controls. The drag itself is the player's gesture surface
 * (useSwipeSurface), so it works from any control as well as from the picture.
 */
export function GestureLayer({ surfaceRef, onSwipe, onTap, children }: GestureLayerProps) {
  const [offset, setOffset] = useState(0);
  const [settling, setSettling] = useState(false);

  useSwipeSurface(surfaceRef, {
    onDrag: (dy) => {
      setSettling(false);
      if (!reducedMotion()) setOffset(resisted(dy));
    },
    onRelease: ({ dy, dx, cancelled }) => {
      setSettling(true);
      setOffset(0);
      if (!cancelled) onSwipe(dy, dx);
    },
  });

  return (
    // A tap is a click: the surface swallows the click that ends a drag. (Keys have their own
    // shortcuts: space, the arrows, Page Up and Page Down.)
    <div
      data-testid="player-gestures"
      className="absolute inset-0"
      onClick={(event) => {
        // A control over the picture (a locked episode's button) takes its own tap.
        if (event.target instanceof Element && event.target.closest('button, a, input, [role="button"]')) return;
        onTap();
      }}
    >
      <div
        className={`absolute inset-0 ${settling ? 'transition-transform duration-200 ease-out' : ''}`}
        style={{ transform: offset ? `translate3d(0, ${offset}px, 0)` : undefined }}
      >
        {children}
      </div>
    </div>
  );
}
