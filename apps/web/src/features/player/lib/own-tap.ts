import type { MouseEvent } from 'react';

/** A click handler for a button over the video: the tap is the button's, and does not reach the video to show or hide the controls. */
export function ownTap(action: () => void) {
  return (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
}
