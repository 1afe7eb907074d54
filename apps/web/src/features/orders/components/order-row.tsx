import type { Order } from '@drama/contracts';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { ChannelIcon } from '../../../shared/ui/channel-icon';
import { formatYuan } from '../../membership';
import { OrderStatusBadge } from './order-status-badge';

/** One order in the list: what was bought and its state first, the number and time below. */
export function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Link
      to={`/orders/${order.id}`}
      data-testid="order-row"
      data-order-no={order.orderNo}
      className="block rounded-2xl border border-line bg-surface px-4 py-3.5 active:bg-surface-2"
    >
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate text-[15px] font-semibold" data-testid="order-plan">
          {order.planName}
        </p>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 truncate font-mono text-xs text-fg-subtle">{t('orders.orderNoShort', { no: order.orderNo })}</p>
      <div className="mt-2.5 flex items-end gap-3">
        <div className="min-w-0 flex-1 text-xs text-fg-muted">
          <p className="flex items-center gap-1.5">
            <ChannelIcon channel={order.channel} size="sm" />
            <span className="truncate">
              {t('membership.days', { count: order.days })} · {t(`membership.channels.${order.channel}`)}
            </span>
          </p>
          <p className="mt-1 tabular-nums">{formatDateTime(order.createdAt, locale)}</p>
        </div>
        <p className="shrink-0 text-lg leading-none font-bold tabular-nums" data-testid="order-amount">
          {formatYuan(order.amountFen)}
        </p>
        <ChevronRight aria-hidden className="-mr-1 size-4 shrink-0 self-center text-fg-subtle" />
      </div>
    </Link>
  );
}

export function OrderRowSkeleton() {
  return (
    <div aria-hidden className="rounded-2xl border border-line bg-surface px-4 py-3.5">
      <div className="flex items-center gap-2">
        <Skeleton className="h-4 w-2/5 rounded-md" />
        <Skeleton className="ml-auto h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="mt-2 h-3 w-3/5 rounded-md" />
      <div className="mt-3 flex items-end">
        <div className="flex-1">
          <Skeleton className="h-3 w-1/3 rounded-md" />
          <Skeleton className="mt-1.5 h-3 w-2/5 rounded-md" />
        </div>
        <Skeleton className="h-5 w-16 rounded-md" />
      </div>
    </div>
  );
}
