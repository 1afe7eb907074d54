import { LoaderCircle } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useCancelOrderFlow } from '../hooks/use-cancel-order-flow';

/** "Cancel order": asks first, then cancels; busy while it runs. Sized by the page it sits on. */
export function CancelOrderButton({ orderId, className }: { orderId: number; className: string }) {
  const { t } = useTranslation();
  const cancel = useCancelOrderFlow();
  return (
    <button
      type="button"
      onClick={() => void cancel.run(orderId)}
      disabled={cancel.isPending}
      data-testid="cancel-order"
      className={`inline-flex items-center gap-2 rounded-full font-semibold text-fg-muted active:bg-surface-2 disabled:opacity-60 ${className}`}
    >
      {cancel.isPending && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
      {t('orders.cancelOrder')}
    </button>
  );
}
