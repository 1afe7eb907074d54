import type { Modifier } from '@dnd-kit/core';

/** Rows move up and down only (what @dnd-kit/modifiers' restrictToVerticalAxis does). */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
