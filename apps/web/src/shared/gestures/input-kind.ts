import { useSyncExternalStore } from 'react';

/** How the viewer moves through the episodes: swiping with a finger, or a mouse's wheel and the keys. */
export type InputKind = 'touch' | 'mouse';

const MOUSE_QUERY = '(hover: hover) and (pointer: fine)';

function fromMedia(): InputKind {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'touch';
  return window.matchMedia(MOUSE_QUERY).matches ? 'mouse' : 'touch';
}

let current: InputKind | null = null;
const listeners = new Set<() => void>();

function set(kind: InputKind): void {
  if (kind === current) return;
  current = kind;
  for (const listener of listeners) listener();
}

function onPointerDown(event: PointerEvent): void {
  set(event.pointerType === 'mouse' ? 'mouse' : 'touch');
}
function onMediaChange(): void {
  set(fromMedia());
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
    window.matchMedia?.(MOUSE_QUERY).addEventListener?.('change', onMediaChange);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('pointerdown', onPointerDown, { capture: true });
    window.matchMedia?.(MOUSE_QUERY).removeEventListener?.('change', onMediaChange);
  };
}

function snapshot(): InputKind {
  current ??= fromMedia();
  return current;
}

/**
 * The input in use: a mouse where the main pointer hovers and is fine (a computer), a finger
 * otherwise; and then whatever the viewer last pressed with (a laptop's touch screen).
 */
export function useInputKind(): InputKind {
  return useSyncExternalStore(subscribe, snapshot, () => 'touch');
}
