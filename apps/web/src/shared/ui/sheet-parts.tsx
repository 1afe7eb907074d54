import { X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Drawer } from 'vaul';
import { useTranslation } from '../i18n/i18n';

interface SheetFrameProps {
  open: boolean;
  onClose: () => void;
  /** The classes of the dimmed layer behind the sheet. */
  overlayClassName: string;
  /** The classes of the sheet itself. */
  className: string;
  testId?: string;
  children: ReactNode;
}

/**
 * The modal drawer every sheet is: dragging it down, Escape or a tap outside closes it, and the
 * focus stays inside while it is open (see `useSheetFocus`).
 */
export function SheetFrame({ open, onClose, overlayClassName, className, testId, children }: SheetFrameProps) {
  const { onOpenAutoFocus, onCloseAutoFocus } = useSheetFocus();
  return (
    <Drawer.Root open={open} onOpenChange={(next) => !next && onClose()} autoFocus>
      <Drawer.Portal>
        <Drawer.Overlay className={overlayClassName} />
        <Drawer.Content
          aria-describedby={undefined}
          data-testid={testId}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          className={className}
        >
          {children}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

/** The sheet's title, named for the dialog. */
export const SheetTitle = Drawer.Title;

/** The cross at the end of a sheet's header. */
export function SheetCloseButton({ onClose, className = '' }: { onClose: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className ? `icon-btn -mr-2 ${className}` : 'icon-btn -mr-2'} aria-label={t('common.close')} onClick={onClose}>
      <X aria-hidden className="size-5" />
    </button>
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
