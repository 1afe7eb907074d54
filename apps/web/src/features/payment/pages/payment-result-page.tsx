import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@drama/contracts';
import { CircleAlert, CircleCheck, CircleHelp, CircleX, Clapperboard, LoaderCircle, Play, Receipt, RotateCcw, TimerOff, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { meQueryOptions } from '../../../shared/account/get-me';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { StatusIcon } from '../../../shared/ui/status-icon';
import { useWatchTarget } from '../../../shared/watch-target/use-watch-target';
import { membershipPathFor, playerPathFor, withWatchTarget, type WatchTarget } from '../../../shared/watch-target/watch-target';
import { formatYuan, useTargetEpisode } from '../../membership';
import { failureReasonText, orderKeys } from '../../orders';
import { PaymentScreen } from '../components/payment-screen';
import { rememberedTarget } from '../lib/launch';

/** How an order ended: paid (and VIP until when), failed and why, cancelled, or timed out. */
export function PaymentResultPage() {
  const { t } = useTranslation();
  const target = useWatchTarget();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returned = params.get('returned') === '1';
  const orderId = Number(params.get('orderId'));

  // Back from a channel's page, whose return address carries no episode: the one kept before leaving.
  useEffect(() => {
    if (!returned || target || !Number.isInteger(orderId) || orderId <= 0) return;
    const kept = rememberedTarget(orderId);
    if (kept) void navigate(withWatchTarget(`/payment/result?orderId=${orderId}&returned=1`, kept), { replace: true });
  }, [returned, target, orderId, navigate]);

  // Opened on an order still pending (a reload, a link), it keeps asking, as the payment page does.
  return (
    <PaymentScreen
      title={t('routes.paymentResult')}
      fallback="/profile"
      testId="payment-result-page"
      cardHeight="h-[320px]"
      failedTitle={t('payment.checkFailed')}
      top="pt-6"
    >
      {(order) => <ResultView order={order} target={target} />}
    </PaymentScreen>
  );
}

/** Back from the channel's page still pending for this long: said not paid (it may yet come). */
const RETURN_GRACE_MS = 6_000;

function ResultView({ order, target }: { order: OrderDetail; target: WatchTarget | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returned = params.get('returned') === '1';
  const [graceOver, setGraceOver] = useState(false);

  useEffect(() => {
    if (!returned) return;
    const timer = window.setTimeout(() => setGraceOver(true), RETURN_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [returned]);

  switch (order.status) {
    case 'success':
      return <SuccessView order={order} target={target} />;
    case 'pending':
      // Back from the channel's page without a payment yet: not paid, and the way to pay again
      // (the page keeps asking, so a payment that does arrive still shows).
      if (returned && graceOver) {
        return (
          <ResultCard
            icon={CircleAlert}
            tone="text-warning bg-warning/12"
            title={t('payment.notPaidTitle')}
            order={order}
            actions={
              <Link
                to={withWatchTarget(`/payment?orderId=${order.id}`, target)}
                replace
                className="btn-primary h-12 w-full text-base"
                data-testid="pay-again"
              >
                <RotateCcw aria-hidden className="size-4" />
                {t('payment.payAgain')}
              </Link>
            }
          >
            <p className="text-sm leading-relaxed text-fg-muted" data-testid="result-reason">
              {t('payment.notPaidBody')}
            </p>
          </ResultCard>
        );
      }
      return (
        <ResultCard
          icon={LoaderCircle}
          tone="text-info bg-info/12"
          spin
          title={t('payment.confirmingTitle')}
          order={order}
          actions={
            <Link to={withWatchTarget(`/payment?orderId=${order.id}`, target)} replace className="btn-primary h-12 w-full text-base">
              {t('payment.backToPayment')}
            </Link>
          }
        >
          <p className="text-sm text-fg-muted">{t('payment.confirmingBody')}</p>
        </ResultCard>
      );
    case 'failed':
    case 'cancelled': {
      const failed = order.status === 'failed';
      const timedOut = !failed && order.failureCode === 'expired';
      return (
        <ResultCard
          icon={timedOut ? TimerOff : CircleX}
          tone={failed ? 'text-danger bg-danger/12' : 'text-warning bg-warning/12'}
          title={t(failed ? 'payment.failedTitle' : timedOut ? 'payment.timeoutTitle' : 'payment.cancelledTitle')}
          order={order}
          actions={<ChooseAgain target={target} />}
        >
          {timedOut ? (
            <p className="text-sm leading-relaxed text-fg-muted" data-testid="result-reason">
              {t('payment.timeout')}
            </p>
          ) : (
            <Reason order={order} />
          )}
        </ResultCard>
      );
    }
    default:
      return (
        <ResultCard icon={CircleHelp} tone="text-info bg-info/12" title={t('payment.unknownTitle')} order={order}>
          <p className="text-sm leading-relaxed text-fg-muted">{t('payment.unknownBody')}</p>
        </ResultCard>
      );
  }
}

/** Not paid: the plans again, and the drama it was for, if any. */
function ChooseAgain({ target }: { target: WatchTarget | null }) {
  const { t } = useTranslation();
  return (
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
}

function SuccessView({ order, target }: { order: OrderDetail; target: WatchTarget | null }) {
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

  const watch = target ? (
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
      {unlocked.episode ? t('payment.continueEpisode', { episode: unlocked.episode.sequence }) : t('payment.startWatching')}
    </button>
  ) : (
    <Link to="/" className="btn-primary h-12 w-full text-base" data-testid="start-watching">
      <Play aria-hidden className="size-4" fill="currentColor" />
      {t('payment.startWatching')}
    </Link>
  );

  return (
    <ResultCard icon={CircleCheck} tone="text-success bg-success/12" title={t('payment.successTitle')} order={order} actions={watch}>
      <div className="text-sm text-fg-muted" data-testid="result-vip-until">
        {expiry ? (
          t('payment.vipUntil', { date: formatDate(expiry, locale) })
        ) : me.isError ? (
          t('orders.vipAdded', { count: order.days })
        ) : (
          <Skeleton className="mx-auto h-5 w-48 rounded-md" />
        )}
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
  /** The next steps, above the way to the order itself, which every result offers. */
  actions?: ReactNode;
}

function ResultCard({ icon, tone, spin = false, title, order, children, actions }: ResultCardProps) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="payment-result"
      data-status={order.status}
      className="flex flex-col items-center rounded-3xl border border-line bg-surface px-6 pt-8 pb-6 text-center"
    >
      <StatusIcon icon={icon} tone={tone} size="lg" spin={spin} />
      <h2 className="mt-4 text-xl font-bold tracking-tight" data-testid="result-title">
        {title}
      </h2>
      <p className="mt-1 mb-3 line-clamp-2 text-sm text-fg-subtle">
        {order.planName} · {formatYuan(order.amountFen)} · {t('membership.days', { count: order.days })}
      </p>
      {children}
      <div className="mt-6 flex w-full flex-col gap-2">
        {actions}
        <Link to={`/orders/${order.id}`} className="btn-secondary h-12 w-full text-base" data-testid="view-order">
          <Receipt aria-hidden className="size-4" />
          {t('payment.viewOrder')}
        </Link>
      </div>
    </section>
  );
}
