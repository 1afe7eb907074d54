import type { ReactNode } from 'react';
import { SheetCloseButton, SheetFrame, SheetHandle, SheetTitle, useShownWhileOpen } from '../../../shared/ui/sheet-parts';

interface PlayerSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Shown beside the title (a summary line). */
  subtitle?: ReactNode;
  testId?: string;
}

/**
 * The player's bottom sheet: always dark (the `dark` class re-points the design tokens), over
 * the video, at most 70% of the screen so the picture stays in view. Dragging it down, Escape or
 * a tap above closes it. On a wide screen it is a dialog in the middle of the window, as a
 * computer's settings are, whole and never cut by the window's edge (and without the drawer's
 * fill below its bottom edge, which only a bottom sheet needs).
 */
export function PlayerSheet({ open, title, subtitle, onClose, children, testId }: PlayerSheetProps) {
  const shown = useShownWhileOpen(open, { title, subtitle, children });

  return (
    <SheetFrame
      open={open}
      onClose={onClose}
      testId={testId}
      overlayClassName="fixed inset-0 z-[65] bg-black/40"
      className="dark fixed inset-x-0 bottom-0 z-[65] mx-auto flex max-h-[70dvh] w-full max-w-[480px] flex-col rounded-t-[24px] bg-surface/95 pb-[calc(env(safe-area-inset-bottom)+12px)] text-fg shadow-[0_-12px_40px_rgb(0_0_0/0.5)] backdrop-blur-xl outline-none lg:inset-0 lg:m-auto lg:h-fit lg:max-h-[min(86dvh,720px)] lg:w-[440px] lg:rounded-[20px] lg:border lg:border-line lg:pb-3 lg:shadow-[0_24px_64px_rgb(0_0_0/0.55)] lg:after:hidden"
    >
      <SheetHandle className="lg:hidden" />
      <div className="flex items-center gap-3 px-5 pb-2 lg:pt-4">
        <div className="min-w-0 flex-1">
          <SheetTitle className="line-clamp-2 text-[17px] leading-snug font-semibold">{shown.title}</SheetTitle>
          {shown.subtitle && <div className="mt-0.5 truncate text-xs text-fg-muted">{shown.subtitle}</div>}
        </div>
        <SheetCloseButton onClose={onClose} className="active:bg-surface-3" />
      </div>
      <div className="min-h-0 overflow-y-auto overscroll-contain px-5 pb-2">{shown.children}</div>
    </SheetFrame>
  );
}
