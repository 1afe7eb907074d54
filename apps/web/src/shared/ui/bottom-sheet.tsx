import { lazy, Suspense, useState } from 'react';
import type { BottomSheetProps } from './bottom-sheet-drawer';

const BottomSheetDrawer = lazy(() => import('./bottom-sheet-drawer').then((module) => ({ default: module.BottomSheetDrawer })));

/**
 * A modal sheet that rises from the bottom of the phone frame (a dialog in the middle of a wide
 * screen), dragged down, Escape or a tap outside to close. Its code (the drawer library and the
 * dialog under it) loads on its first opening, so the pages that only might open one, the first
 * page among them, do not carry it.
 */
export function BottomSheet(props: BottomSheetProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <BottomSheetDrawer {...props} />
    </Suspense>
  );
}
