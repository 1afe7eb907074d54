import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useFocusTrap } from '../use-focus-trap';
import { settleConfirm, type PendingConfirm } from './confirm-store';

/** The dialog of one pending confirmation; mounted by ConfirmDialogHost, in a chunk of its own. */
export default function ConfirmDialog({ pending }: { pending: PendingConfirm }) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') settleConfirm(pending.id, false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [pending]);

  return (
    <div className="fixed inset-0 z-[70] grid animate-fade-in place-items-center bg-scrim px-8 backdrop-blur-sm">
      <button
        type="button"
        aria-hidden
        tabIndex={-1}
        className="absolute inset-0 cursor-default"
        onClick={() => settleConfirm(pending.id, false)}
      />
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        className="relative w-full max-w-[320px] animate-toast-in overflow-hidden rounded-3xl bg-surface text-center shadow-card"
      >
        <div className="px-6 pt-6 pb-5">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {pending.title}
          </h2>
          <p id={messageId} className="mt-2 text-sm leading-relaxed text-fg-muted">
            {pending.message}
          </p>
        </div>
        <div className="grid grid-cols-2 border-t border-line">
          <button
            type="button"
            className="min-h-12 border-r border-line text-[15px] font-medium text-fg-muted active:bg-surface-2"
            onClick={() => settleConfirm(pending.id, false)}
          >
            {pending.cancelText ?? t('common.cancel')}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={`min-h-12 text-[15px] font-semibold active:bg-surface-2 ${pending.danger ? 'text-danger' : 'text-accent'}`}
            onClick={() => settleConfirm(pending.id, true)}
          >
            {pending.confirmText ?? t('common.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
