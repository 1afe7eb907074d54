import { useTranslation } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/i18n/error-message';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useCancelOrder } from '../api/cancel-order';

/**
 * Cancelling asks first (the QR code stops working), then tells how it went. Resolves true
 * when the order is no longer pending, including when it was paid or closed meanwhile.
 */
export function useCancelOrderFlow() {
  const { t } = useTranslation();
  const cancel = useCancelOrder();

  const run = async (orderId: number): Promise<boolean> => {
    const confirmed = await confirm({
      title: t('orders.cancelTitle'),
      message: t('orders.cancelMessage'),
      confirmText: t('orders.cancelConfirm'),
      cancelText: t('orders.keepOrder'),
      danger: true,
    });
    if (!confirmed) return false;
    try {
      await cancel.mutateAsync(orderId);
      toast.success(t('orders.cancelled'));
      return true;
    } catch (error) {
      // Paid or closed while the dialog was up: what matters now is its real state.
      if (isApiError(error) && error.code === 'ORDER_NOT_PENDING') return true;
      toast.error(t('errors.withDetail', { message: t('orders.cancelFailed'), detail: errorMessage(t, error) }));
      return false;
    }
  };

  return { run, isPending: cancel.isPending };
}
