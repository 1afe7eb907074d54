import { X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Drawer } from 'vaul';
import { useTranslation } from '../i18n/i18n';

interface BottomSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal sheet that rises from the bottom of the phone frame. Dragging it down, Escape or a tap
 * outside closes it; the focus stays inside while it is open and goes back where it was after.
 */
export function BottomSheet({ open, title, onClose, children }: BottomSheetProps) {
  const { t } = useTranslation();
  const { onOpenAutoFocus, onCloseAutoFocus } = useSheetFocus();
  const shown = useShownWhileOpen(open, { title, children });

  return (
    <Drawer.Root open={open} onOpenChange={(next) => !next && onClose()} autoFocus>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-[65] bg-scrim" />
        <Drawer.Content
          aria-describedby={undefined}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          // A wide screen has no thumb at the bottom: the sheet stands in the middle as a dialog.
          className="fixed inset-x-0 bottom-0 z-[65] mx-auto flex max-h-[85dvh] w-full max-w-[480px] flex-col rounded-t-[28px] bg-surface pb-[calc(env(safe-area-inset-bottom)+16px)] text-fg shadow-card outline-none lg:top-0 lg:my-auto lg:h-fit lg:rounded-[28px] lg:pt-3 lg:after:hidden"
        >
          <SheetHandle className="lg:hidden" />
          <div className="flex items-center justify-between px-5 pt-2 pb-1">
            <Drawer.Title className="text-lg font-semibold">{shown.title}</Drawer.Title>
            <button type="button" className="icon-btn -mr-2" aria-label={t('common.close')} onClick={onClose}>
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <div className="max-h-[70dvh] min-h-0 overflow-y-auto overscroll-contain px-5 pb-2">{shown.children}</div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

/** The grab handle: a bar to look at, with a finger-sized area around it to drag by. */
export function SheetHandle({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden
      data-testid="sheet-handle"
      className={`flex h-6 shrink-0 cursor-grab touch-none items-center justify-center active:cursor-grabbing ${className}`}
    >
      <span className="h-1 w-10 rounded-full bg-line-strong" />
    </div>
  );
}

/**
 * What a sheet showed while open, kept for its closing slide: the caller often clears the
 * content as it closes (the episode it was about is gone), and the sheet must not change under
 * the finger on its way out.
 */
export function useShownWhileOpen<T extends object>(open: boolean, content: T): T {
  const [kept, setKept] = useState(content);
  const changed = (Object.keys(content) as (keyof T)[]).some((key) => kept[key] !== content[key]);
  if (open && changed) setKept(content);
  return open ? content : kept;
}

/**
 * The sheet itself takes the focus when it opens, so its title is read first and no button
 * looks chosen; closed, it gives the focus back to what had it (the dialog would give it to a
 * trigger element, and these sheets are opened by the page's own buttons).
 */
export function useSheetFocus() {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    // Dispatched on the sheet's own element.
    onOpenAutoFocus: (event: Event) => {
      event.preventDefault();
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (event.target instanceof HTMLElement) event.target.focus({ preventScroll: true });
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      if (returnTo.current?.isConnected) returnTo.current.focus({ preventScroll: true });
      returnTo.current = null;
    },
  };
}
