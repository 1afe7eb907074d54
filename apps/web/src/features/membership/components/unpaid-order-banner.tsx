import type { Order } from '@drama/contracts';
import { ChevronRight, Clock } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { withWatchTarget, type WatchTarget } from '../../../shared/watch-target/watch-target';
import { formatYuan } from '../lib/format';

/** An order still awaiting payment: finish it instead of starting over. */
export function UnpaidOrderBanner({ order, target = null }: { order: Order; target?: WatchTarget | null }) {
  const { t } = useTranslation();
  return (
    <Link
      to={withWatchTarget(`/payment?orderId=${order.id}`, target)}
      data-testid="unpaid-order"
      className="flex min-h-14 items-center gap-3 rounded-2xl border border-warning/30 bg-warning/10 px-4 py-2.5 active:bg-warning/15"
    >
      <Clock aria-hidden className="size-5 shrink-0 text-warning" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-fg">{t('membership.unpaidTitle')}</span>
        <span className="block truncate text-xs text-fg-muted">
          {order.planName} · {formatYuan(order.amountFen)}
        </span>
      </span>
      <span className="inline-flex shrink-0 items-center text-sm font-semibold text-warning">
        {t('membership.unpaidAction')}
        <ChevronRight aria-hidden className="-mr-1 size-4" />
      </span>
    </Link>
  );
}
