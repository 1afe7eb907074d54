import type { OrderDetail } from '@drama/contracts';
import { Check, Copy, CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/i18n/i18n';
import { ChannelIcon } from '../../../shared/ui/channel-icon';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast/toast-store';
import { formatYuan } from '../../membership';
import { OrderScreen } from '../components/order-screen';
import { OrderStatusBadge } from '../components/order-status-badge';
import { CancelOrderButton } from '../components/cancel-order-button';
import { failureReasonText } from '../lib/failure-reason';

export function OrderDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  return (
    <OrderScreen
      orderId={params.id}
      title={t('routes.orderDetail')}
      fallback="/orders"
      testId="order-detail-page"
      loading={<DetailSkeleton />}
      failed={(error, retry) => <ErrorState error={error} onRetry={retry} className="flex-1 justify-center" />}
      failureHidesOrder
    >
      {(order) => <OrderDetailView order={order} />}
    </OrderScreen>
  );
}

function OrderDetailView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const failure = failureReasonText(t, order);
  const pending = order.status === 'pending';

  const copyOrderNo = async () => {
    try {
      await navigator.clipboard.writeText(order.orderNo);
      toast.success(t('orders.copied'));
    } catch {
      toast.error(t('orders.copyFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-4 px-4 pt-4 pb-8">
      <section className="flex flex-col items-center rounded-3xl border border-line bg-surface px-4 pt-6 pb-5 text-center">
        <OrderStatusBadge status={order.status} />
        <p className="mt-3 text-[34px] leading-none font-bold tracking-tight tabular-nums" data-testid="detail-amount">
          {formatYuan(order.amountFen)}
        </p>
        <p className="mt-2 line-clamp-2 text-sm text-fg-muted">{order.planName}</p>
        {pending && (
          <p className="mt-1 text-xs text-warning">
            {t('orders.payBefore', { time: formatDateTime(order.expiresAt, locale) })}
          </p>
        )}
      </section>

      <dl className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface px-4" data-testid="order-fields">
        <div className="flex min-h-12 flex-wrap items-center gap-x-4 py-1.5 text-sm" data-testid="field-order-no">
          <dt className="shrink-0 text-fg-muted">{t('orders.fields.orderNo')}</dt>
          {/* A long number moves under its label rather than breaking in the middle. */}
          <dd className="-mr-3 ml-auto flex items-center">
            <span className="font-mono text-[13px] font-medium">{order.orderNo}</span>
            <button
              type="button"
              onClick={() => void copyOrderNo()}
              aria-label={t('orders.copy')}
              className="grid size-11 shrink-0 place-items-center rounded-full text-fg-subtle active:bg-surface-2"
            >
              <Copy aria-hidden className="size-4" />
            </button>
          </dd>
        </div>
        <Field label={t('orders.fields.plan')} testId="field-plan">
          {order.planName}
        </Field>
        <Field label={t('orders.fields.amount')} testId="field-amount">
          {formatYuan(order.amountFen)}
        </Field>
        <Field label={t('orders.fields.duration')} testId="field-duration">
          {t('membership.days', { count: order.days })}
        </Field>
        <Field label={t('orders.fields.channel')} testId="field-channel">
          <span className="inline-flex items-center gap-1.5">
            <ChannelIcon channel={order.channel} size="sm" />
            {t(`membership.channels.${order.channel}`)}
          </span>
        </Field>
        <Field label={t('orders.fields.createdAt')} testId="field-created">
          {formatDateTime(order.createdAt, locale)}
        </Field>
        <Field label={t('orders.fields.paidAt')} testId="field-paid">
          {order.paidAt ? formatDateTime(order.paidAt, locale) : t('orders.notPaid')}
        </Field>
        {failure && (
          <Field label={t('orders.fields.failureReason')} testId="field-failure">
            <span className="text-danger">{failure}</span>
          </Field>
        )}
      </dl>

      {pending && (
        <div className="flex flex-col gap-2">
          <Link to={`/payment?orderId=${order.id}`} className="btn-primary h-12 text-base" data-testid="continue-payment">
            <CreditCard aria-hidden className="size-5" />
            {t('orders.continuePay')}
          </Link>
          <CancelOrderButton orderId={order.id} className="min-h-12 justify-center text-[15px]" />
        </div>
      )}

      {order.status === 'success' && (
        <p className="flex items-center justify-center gap-1.5 text-xs text-fg-subtle">
          <Check aria-hidden className="size-3.5 text-success" />
          {t('orders.vipAdded', { count: order.days })}
        </p>
      )}
    </div>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex min-h-12 items-start justify-between gap-4 py-3 text-sm" data-testid={testId}>
      <dt className="shrink-0 text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words tabular-nums">{children}</dd>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-4 px-4 pt-4">
      <Skeleton className="h-[150px] rounded-3xl" />
      <Skeleton className="h-[340px] rounded-2xl" />
    </div>
  );
}
