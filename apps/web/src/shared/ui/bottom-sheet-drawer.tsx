import type { ReactNode } from 'react';
import { SheetCloseButton, SheetFrame, SheetHandle, SheetTitle, useShownWhileOpen } from './sheet-parts';

export interface BottomSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal sheet that rises from the bottom of the phone frame. Dragging it down, Escape or a tap
 * outside closes it; the focus stays inside while it is open and goes back where it was after.
 */
export function BottomSheetDrawer({ open, title, onClose, children }: BottomSheetProps) {
  const shown = useShownWhileOpen(open, { title, children });

  return (
    <SheetFrame
      open={open}
      onClose={onClose}
      overlayClassName="fixed inset-0 z-[65] bg-scrim"
      // A wide screen has no thumb at the bottom: the sheet stands in the middle as a dialog.
      className="fixed inset-x-0 bottom-0 z-[65] mx-auto flex max-h-[85dvh] w-full max-w-[480px] flex-col rounded-t-[28px] bg-surface pb-[calc(env(safe-area-inset-bottom)+16px)] text-fg shadow-card outline-none lg:top-0 lg:my-auto lg:h-fit lg:rounded-[28px] lg:pt-3 lg:after:hidden"
    >
      <SheetHandle className="lg:hidden" />
      <div className="flex items-center justify-between px-5 pt-2 pb-1">
        <SheetTitle className="text-lg font-semibold">{shown.title}</SheetTitle>
        <SheetCloseButton onClose={onClose} />
      </div>
      <div className="max-h-[70dvh] min-h-0 overflow-y-auto overscroll-contain px-5 pb-2">{shown.children}</div>
    </SheetFrame>
  );
}
