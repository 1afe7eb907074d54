import { useEffect, useRef, type RefObject } from 'react';
import { listen } from './listen';
import { lockAxis } from './swipe';
import './gesture-surface.css';

export interface SwipeRelease {
  /** Movement from where the press started, in CSS px (up is negative). 0 when cancelled. */
  dy: number;
  dx: number;
  /** Taken back (by the browser, or by a child that claimed the press): no swipe. */
  cancelled: boolean;
}

export interface SwipeSurfaceHandlers {
  /** A vertical drag is under way: how far the finger has moved since the press (for the follow). */
  onDrag?: (dy: number) => void;
  /** The vertical drag ended. */
  onRelease: (release: SwipeRelease) => void;
}

/** The attribute that marks a surface: every element inside it gets `touch-action: none`. */
export const GESTURE_SURFACE_ATTRIBUTE = 'data-gesture-surface';
/**
 * Marks a part of a surface that scrolls by itself (a long text opened in full, a list beside the
 * video): the browser may pan it, and a press that starts there is not the surface's.
 */
export const GESTURE_SCROLL_ATTRIBUTE = 'data-gesture-scroll';

const CLAIM_EVENT = 'gesture-claim';

/**
 * A child takes the press it is in, after a deliberate gesture of its own (the subtitle after a
 * long-press): the surface lets that press go, and ends a drag it had begun without a swipe.
 */
export function claimGesture(from: Element, pointerId: number): void {
  from.dispatchEvent(new CustomEvent(CLAIM_EVENT, { bubbles: true, detail: { pointerId } }));
}

interface Press {
  id: number;
  x: number;
  y: number;
  /** Still within the slop; dragging vertically (ours); gone sideways or claimed (not ours). */
  phase: 'pending' | 'dragging' | 'released';
}

/**
 * One surface for a whole screen (the player, a feed) that owns vertical drags wherever they
 * start: on the picture, a title, a button or a bar. It listens at the surface's root in the
 * capture phase, before any child, and sets `touch-action: none` on every element inside it
 * (gesture-surface.css), so the browser never takes a vertical drag for a scroll and cancels the
 * pointer. Children still get their taps as clicks; the click that ends a drag is swallowed, so
 * a drag that began on a button does not press it. A drag that goes sideways first is left to
 * the child under it (the progress bar seeks with it), and a child can claim a press with
 * `claimGesture` (the subtitle, after a long-press). Native listeners, not React's: the sheets
 * are portals, whose events bubble through React's tree but not through this element.
 */
export function useSwipeSurface(ref: RefObject<HTMLElement | null>, handlers: SwipeSurfaceHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.setAttribute(GESTURE_SURFACE_ATTRIBUTE, '');
    let press: Press | null = null;
    let swallowClick = false;

    const onDown = (event: PointerEvent) => {
      // A second finger is no new gesture; a new first one always is (an end never seen is forgotten).
      if (!event.isPrimary) return;
      press = null;
      swallowClick = false;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      const scroller = event.target instanceof Element ? event.target.closest(`[${GESTURE_SCROLL_ATTRIBUTE}]`) : null;
      if (scroller && root.contains(scroller)) return;
      press = { id: event.pointerId, x: event.clientX, y: event.clientY, phase: 'pending' };
    };

    const onMove = (event: PointerEvent) => {
      if (!press || press.id !== event.pointerId || press.phase === 'released') return;
      const dy = event.clientY - press.y;
      if (press.phase === 'pending') {
        const axis = lockAxis(event.clientX - press.x, dy);
        if (axis === null) return;
        if (axis === 'horizontal') {
          press.phase = 'released';
          return;
        }
        press.phase = 'dragging';
        // The rest of the drag comes here, wherever the finger or mouse goes; the child it
        // started on loses the pointer (and hears it as `lostpointercapture`).
        try {
          root.setPointerCapture(event.pointerId);
        } catch {
          // The pointer is already gone.
        }
      }
      latest.current.onDrag?.(dy);
    };

    const finish = (event: PointerEvent, cancelled: boolean) => {
      if (!press || press.id !== event.pointerId) return;
      const ended = press;
      press = null;
      if (ended.phase !== 'dragging') return;
      swallowClick = true;
      latest.current.onRelease(
        cancelled ? { dy: 0, dx: 0, cancelled } : { dy: event.clientY - ended.y, dx: event.clientX - ended.x, cancelled },
      );
    };
    const onUp = (event: PointerEvent) => finish(event, false);
    const onCancel = (event: PointerEvent) => finish(event, true);

    const onClaim = (event: Event) => {
      const { pointerId } = (event as CustomEvent<{ pointerId: number }>).detail;
      if (!press || press.id !== pointerId) return;
      if (press.phase === 'dragging') latest.current.onRelease({ dy: 0, dx: 0, cancelled: true });
      press.phase = 'released';
    };

    const onClick = (event: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    };
    // Links and pictures are not dragged out of the surface by the mouse.
    const onDragStart = (event: DragEvent) => event.preventDefault();

    const capture = { capture: true };
    const stops = [
      listen(root, 'pointerdown', onDown, capture),
      listen(root, 'pointermove', onMove, capture),
      listen(root, 'pointerup', onUp, capture),
      listen(root, 'pointercancel', onCancel, capture),
      listen(root, 'click', onClick, capture),
      listen(root, 'dragstart', onDragStart, capture),
      listen(root, CLAIM_EVENT, onClaim),
    ];
    return () => {
      root.removeAttribute(GESTURE_SURFACE_ATTRIBUTE);
      for (const stop of stops) stop();
    };
  }, [ref]);
}
