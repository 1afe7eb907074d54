import { LIMITS } from '@drama/contracts';
import { CircleAlert, CircleCheck, Info, LoaderCircle, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { dismissToast, useToasts, type Toast, type ToastKind } from './toast-store';

const ICONS: Record<ToastKind, { icon: LucideIcon; className: string }> = {
  success: { icon: CircleCheck, className: 'text-success' },
  error: { icon: CircleAlert, className: 'text-danger' },
  warning: { icon: TriangleAlert, className: 'text-warning' },
  info: { icon: Info, className: 'text-info' },
  loading: { icon: LoaderCircle, className: 'animate-spin text-fg-muted' },
};

/** Stacked at the top of the phone frame, below the status bar; announced politely. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] mx-auto flex max-w-[480px] flex-col items-center gap-2 px-4 pt-[calc(env(safe-area-inset-top)+12px)]"
    >
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </div>
  );
}

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const { icon: Icon, className } = ICONS[item.kind];

  // The 2 s count from when the toast is on screen, not from when it was asked for: one shown
  // while the next page still loads would otherwise be gone before anyone could read it. A
  // loading toast stays until its work ends and the caller replaces or dismisses it.
  useEffect(() => {
    if (item.kind === 'loading') return;
    const timer = setTimeout(() => dismissToast(item.id), LIMITS.toastMs);
    return () => clearTimeout(timer);
  }, [item.id, item.kind, item.message]);

  return (
    <div
      data-testid={`toast-${item.kind}`}
      className="pointer-events-auto flex w-full max-w-sm animate-toast-in items-center gap-3 rounded-2xl border border-line bg-surface/95 py-3 pr-2 pl-4 text-sm font-medium text-fg shadow-card backdrop-blur-xl"
    >
      <Icon aria-hidden className={`size-5 shrink-0 ${className}`} strokeWidth={2} />
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">{item.message}</p>
      {item.kind !== 'loading' && (
        <button
          type="button"
          onClick={() => dismissToast(item.id)}
          aria-label={t('common.dismiss')}
          className="grid size-8 shrink-0 place-items-center rounded-full text-fg-subtle hover:bg-surface-2"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
