import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@drama/contracts';
import { CircleCheck, CircleHelp, CircleX, Clapperboard, FileQuestion, LoaderCircle, Play, Receipt, TimerOff, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { meQueryOptions } from '../../../shared/account/get-me';
import { useLocale } from '../../../shared/i18n/i18n';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useWatchTarget } from '../../../shared/watch-target/use-watch-target';
import { membershipPathFor, playerPathFor, withWatchTarget, type WatchTarget } from '../../../shared/watch-target/watch-target';
import { useTargetEpisode } from '../../membership/api/get-target-drama';
import { InlineError } from '../../membership/components/inline-error';
import { formatDate, formatYuan } from '../../membership/lib/format';
import { useOrder } from '../../orders/api/get-order';
import { orderKeys } from '../../orders/api/query-keys';
import { failureReasonText } from '../../orders/lib/failure-reason';
import { parseOrderId } from '../../orders/lib/order-id';
import { pollDelay } from '../lib/polling';

/** How an order ended: paid (and VIP until when), failed and why, cancelled, or timed out. */
export function PaymentResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseOrderId(params.get('orderId'));
  const target = useWatchTarget();
  // Opened on an order still pending (a reload, a link): keep asking, as the payment page does.
  const order = useOrder(id, {
    pollWhilePending: pollDelay,
  });
  const header = <PageHeader title={t('routes.paymentResult')} fallback="/profile" />;

  if (id === null || (isApiError(order.error) && order.error.status === 404)) {
    return (
      <div className="flex flex-1 flex-col">
        {header}
        <EmptyState
          icon={FileQuestion}
          title={t('orders.notFound')}
          description={t('orders.notFoundHint')}
          action={
            <Link to="/orders" replace className="btn-secondary">
              {t('routes.orders')}
            </Link>
          }
          className="flex-1 justify-center"
        />
      </div>
    );
  }

  return (
    <div className="flex flex-1 flex-col" data-testid="payment-result-page">
      {header}
      <div className="flex flex-col gap-4 px-4 pt-6 pb-8">
        {order.isPending ? (
          <Skeleton className="h-[320px] rounded-3xl" />
        ) : !order.data ? (
          <InlineError title={t('payment.checkFailed')} error={order.error} onRetry={() => void order.refetch()} />
        ) : (
          <ResultView order={order.data} target={target} />
        )}
      </div>
    </div>
  );
}

function ResultView({ order, target }: { order: OrderDetail; target: WatchTarget | null }) {
  const { t } = useTranslation();
  const viewOrder = (
    <Link to={`/orders/${order.id}`} className="btn-secondary h-12 w-full text-base" data-testid="view-order">
      <Receipt aria-hidden className="size-4" />
      {t('payment.viewOrder')}
    </Link>
  );
  const choosePlan = (
    <>
      <Link to={membershipPathFor(target)} replace className="btn-primary h-12 w-full text-base" data-testid="choose-plan-again">
        {t('payment.choosePlanAgain')}
      </Link>
      {target && (
        <Link to={playerPathFor(target)} replace className="btn-secondary h-12 w-full text-base" data-testid="back-to-drama">
          <Clapperboard aria-hidden className="size-4" />
          {t('membership.backToDrama')}
        </Link>
      )}
    </>
  );

  switch (order.status) {
    case 'success':
      return <SuccessView order={order} target={target} viewOrder={viewOrder} />;
    case 'pending':
      return (
        <ResultCard icon={LoaderCircle} tone="text-info bg-info/12" spin title={t('payment.confirmingTitle')} order={order}>
          <p className="text-sm text-fg-muted">{t('payment.confirmingBody')}</p>
          <div className="mt-6 flex w-full flex-col gap-2">
            <Link to={withWatchTarget(`/payment?orderId=${order.id}`, target)} replace className="btn-primary h-12 w-full text-base">
              {t('payment.backToPayment')}
            </Link>
            {viewOrder}
          </div>
        </ResultCard>
      );
    case 'failed':
      return (
        <ResultCard icon={CircleX} tone="text-danger bg-danger/12" title={t('payment.failedTitle')} order={order}>
          <Reason order={order} />
          <div className="mt-6 flex w-full flex-col gap-2">
            {choosePlan}
            {viewOrder}
          </div>
        </ResultCard>
      );
    case 'cancelled': {
      const timedOut = order.failureCode === 'expired';
      return (
        <ResultCard
          icon={timedOut ? TimerOff : CircleX}
          tone="text-warning bg-warning/12"
          title={timedOut ? t('payment.timeoutTitle') : t('payment.cancelledTitle')}
          order={order}
        >
          {timedOut ? (
            <p className="text-sm leading-relaxed text-fg-muted" data-testid="result-reason">
              {t('payment.timeout')}
            </p>
          ) : (
            <Reason order={order} />
          )}
          <div className="mt-6 flex w-full flex-col gap-2">
            {choosePlan}
            {viewOrder}
          </div>
        </ResultCard>
      );
    }
    default:
      return (
        <ResultCard icon={CircleHelp} tone="text-info bg-info/12" title={t('payment.unknownTitle')} order={order}>
          <p className="text-sm leading-relaxed text-fg-muted">{t('payment.unknownBody')}</p>
          <div className="mt-6 flex w-full flex-col gap-2">{viewOrder}</div>
        </ResultCard>
      );
  }
}

function SuccessView({ order, target, viewOrder }: { order: OrderDetail; target: WatchTarget | null; viewOrder: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unlocked = useTargetEpisode(target);
  // VIP has changed: asking for the profile again also refreshes the kept user info, which the
  // profile page and the player read.
  const me = useQuery({ ...meQueryOptions(), refetchOnMount: 'always' });
  const expiry = me.isFetchedAfterMount ? me.data?.vipExpireTime : undefined;

  // Play addresses asked for before were refused; the order lists have changed too.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['episodes', 'play'] });
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  }, [order.id, queryClient]);

  return (
    <ResultCard icon={CircleCheck} tone="text-success bg-success/12" title={t('payment.successTitle')} order={order}>
      <div className="text-sm text-fg-muted" data-testid="result-vip-until">
        {expiry ? (
          t('payment.vipUntil', { date: formatDate(expiry, locale) })
        ) : me.isError ? (
          t('orders.vipAdded', { count: order.days })
        ) : (
          <Skeleton className="mx-auto h-5 w-48 rounded-md" />
        )}
      </div>
      <div className="mt-6 flex w-full flex-col gap-2">
        {target ? (
          <button
            type="button"
            className="btn-primary h-12 w-full text-base"
            data-testid="continue-episode"
            onClick={() => {
              // The player reads VIP from the kept user info, which the profile call refreshes:
              // wait for it, or the episode would open locked a moment before it is not.
              void (me.isFetchedAfterMount ? Promise.resolve() : me.refetch()).then(() =>
                navigate(playerPathFor(target), { replace: true }),
              );
            }}
          >
            <Play aria-hidden className="size-4" fill="currentColor" />
            {unlocked.episode
              ? t('payment.continueEpisode', { episode: unlocked.episode.sequence })
              : t('payment.startWatching')}
          </button>
        ) : (
          <Link to="/" className="btn-primary h-12 w-full text-base" data-testid="start-watching">
            <Play aria-hidden className="size-4" fill="currentColor" />
            {t('payment.startWatching')}
          </Link>
        )}
        {viewOrder}
      </div>
    </ResultCard>
  );
}

function Reason({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const text = failureReasonText(t, order);
  if (!text) return null;
  return (
    <p className="text-sm leading-relaxed text-fg-muted" data-testid="result-reason">
      {text}
    </p>
  );
}

interface ResultCardProps {
  icon: LucideIcon;
  tone: string;
  spin?: boolean;
  title: string;
  order: OrderDetail;
  children: ReactNode;
}

function ResultCard({ icon: Icon, tone, spin = false, title, order, children }: ResultCardProps) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="payment-result"
      data-status={order.status}
      className="flex flex-col items-center rounded-3xl border border-line bg-surface px-6 pt-8 pb-6 text-center"
    >
      <span className={`grid size-[72px] place-items-center rounded-full ${tone}`}>
        <Icon aria-hidden className={`size-9 ${spin ? 'animate-spin' : ''}`} strokeWidth={1.75} />
      </span>
      <h2 className="mt-4 text-xl font-bold tracking-tight" data-testid="result-title">
        {title}
      </h2>
      <p className="mt-1 mb-3 line-clamp-2 text-sm text-fg-subtle">
        {order.planName} · {formatYuan(order.amountFen)} · {t('membership.days', { count: order.days })}
      </p>
      {children}
    </section>
  );
}
