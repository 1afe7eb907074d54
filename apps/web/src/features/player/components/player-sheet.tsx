import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useFocusTrap } from '../../../shared/ui/use-focus-trap';

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
 * the video, at most 70% of the screen so the picture stays in view. Escape or a tap above closes it.
 */
export function PlayerSheet({ open, title, subtitle, onClose, children, testId }: PlayerSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      previous?.focus({ preventScroll: true });
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className="dark fixed inset-0 z-[65] mx-auto flex max-w-[480px] flex-col justify-end text-fg">
      <button
        type="button"
        aria-hidden
        tabIndex={-1}
        className="absolute inset-0 animate-fade-in cursor-default bg-black/40"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        className="relative flex max-h-[70dvh] animate-sheet-in flex-col rounded-t-[24px] bg-surface/95 pb-[calc(env(safe-area-inset-bottom)+12px)] shadow-[0_-12px_40px_rgb(0_0_0/0.5)] backdrop-blur-xl outline-none"
      >
        <div aria-hidden className="mx-auto mt-2 h-1 w-9 rounded-full bg-line-strong" />
        <div className="flex items-center gap-3 px-5 pt-2 pb-2">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="line-clamp-2 text-[17px] leading-snug font-semibold">
              {title}
            </h2>
            {subtitle && <div className="mt-0.5 truncate text-xs text-fg-muted">{subtitle}</div>}
          </div>
          <button type="button" className="icon-btn -mr-2 active:bg-surface-3" aria-label={t('common.close')} onClick={onClose}>
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <div className="min-h-0 overflow-y-auto overscroll-contain px-5 pb-2">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
