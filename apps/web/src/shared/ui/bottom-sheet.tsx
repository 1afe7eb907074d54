import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/i18n';
import { useFocusTrap } from './use-focus-trap';

interface BottomSheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal sheet that rises from the bottom of the phone frame; Escape or a tap outside closes it. */
export function BottomSheet({ open, title, onClose, children }: BottomSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    // The page behind must not scroll under the finger while the sheet is up.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-[65] mx-auto flex max-w-[480px] flex-col justify-end">
      <button
        type="button"
        aria-hidden
        tabIndex={-1}
        className="absolute inset-0 animate-fade-in cursor-default bg-scrim"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative animate-sheet-in rounded-t-[28px] bg-surface pb-[calc(env(safe-area-inset-bottom)+16px)] shadow-card outline-none"
      >
        <div aria-hidden className="mx-auto mt-2.5 h-1 w-10 rounded-full bg-line-strong" />
        <div className="flex items-center justify-between px-5 pt-2 pb-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" className="icon-btn -mr-2" aria-label={t('common.close')} onClick={onClose}>
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <div className="max-h-[70dvh] overflow-y-auto px-5 pb-2">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
