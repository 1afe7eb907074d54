import { useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, PaymentInfo } from '@drama/contracts';
import { ExternalLink, LoaderCircle, QrCode, RefreshCw, Smartphone, TimerOff, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate } from 'react-router';
import { ChannelIcon } from '../../../shared/ui/channel-icon';
import { InlineError } from '../../../shared/ui/inline-error';
import { Skeleton } from '../../../shared/ui/skeleton';
import { StatusIcon } from '../../../shared/ui/status-icon';
import { useWatchTarget } from '../../../shared/watch-target/use-watch-target';
import { membershipPathFor, withWatchTarget, type WatchTarget } from '../../../shared/watch-target/watch-target';
import { formatYuan, usePaymentChannels } from '../../membership';
import { CancelOrderButton, orderKeys, useCreateOrder, type OrderCheck } from '../../orders';
import { PayHere } from '../components/pay-here';
import { PaymentQr } from '../components/payment-qr';
import { PaymentScreen } from '../components/payment-screen';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { currentPayPlace } from '../lib/pay-place';
import { formatCountdown } from '../lib/polling';

/**
 * A pending order's payment, its countdown, and the wait for the channel's answer: a QR code on a
 * computer; on a phone the channel's own page (inside WeChat, WeChat Pay's JSAPI), or the QR code if asked for.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  // The episode this purchase unlocks rides along to the result, which leads back to it.
  const target = useWatchTarget();

  return (
    <PaymentScreen
      title={t('routes.payment')}
      fallback={membershipPathFor(target)}
      testId="payment-page"
      noOrder={{
        title: t('payment.noOrder'),
        description: t('payment.noOrderHint'),
        action: (
          <Link to={membershipPathFor(target)} replace className="btn-primary">
            {t('payment.choosePlan')}
          </Link>
        ),
      }}
      cardHeight="h-[470px]"
      failedTitle={t('payment.infoFailed')}
      top="pt-4"
    >
      {(order, check) => <PaymentBody order={order} check={check} target={target} />}
    </PaymentScreen>
  );
}

function PaymentBody({ order, check, target }: { order: OrderDetail; check: OrderCheck; target: WatchTarget | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id, status } = order;
  // Closed for want of payment: said here, as when the countdown runs out, so the member's way
  // back to the plans is not pulled from under them when the server closes it a moment later.
  const timedOut = status === 'cancelled' && order.failureCode === 'expired';

  useEffect(() => {
    if (status === 'pending') return;
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: orderKeys.pendings() });
    // Paid, failed, cancelled or closed: the result page tells which. Replaced, so Back skips this page.
    if (!timedOut) void navigate(withWatchTarget(`/payment/result?orderId=${id}`, target), { replace: true });
  }, [id, status, timedOut, target, navigate, queryClient]);

  if (timedOut) return <PaymentTimeout target={target} />;
  if (status !== 'pending') return <Skeleton className="h-[470px] rounded-3xl" />;
  return <PendingPayment target={target} order={order} payment={order.payment} checkError={check.error} onCheck={check.refetch} />;
}

interface PendingPaymentProps {
  target: WatchTarget | null;
  order: OrderDetail;
  /** The QR code's payment; null for an order opened on a phone (its QR code is made when asked for). */
  payment: PaymentInfo | null;
  checkError: Error | null;
  onCheck: () => Promise<unknown>;
}

function PendingPayment({ target, order, payment, checkError, onCheck }: PendingPaymentProps) {
  const { t } = useTranslation();
  const channels = usePaymentChannels();
  const left = useSecondsLeft(payment?.expiresAt ?? order.expiresAt);
  const expired = left !== null && left <= 0;
  const channelMode = channels.data?.find((channel) => channel.id === order.channel)?.mode;
  const sandbox = channelMode === 'sandbox';
  // Where the page runs decides how it pays; a phone can still show the QR code (to pay from another phone).
  const [place] = useState(currentPayPlace);
  const [showQr, setShowQr] = useState(place === 'computer');
  const makeQr = useCreateOrder();
  const wantQr = showQr && payment === null;
  const { mutate: askQr } = makeQr;

  // An order opened on a phone has no QR code yet: asking for it in mode qr makes one for the same order.
  useEffect(() => {
    if (wantQr) askQr({ planId: order.planId, channel: order.channel, mode: 'qr' });
  }, [wantQr, askQr, order.planId, order.channel]);

  const [checking, setChecking] = useState(false);

  // The last moment may still bring a payment: ask once more when the time runs out.
  useEffect(() => {
    if (expired) void onCheck();
  }, [expired, onCheck]);

  // "I have paid": ask now rather than at the next scheduled check.
  const checkNow = () => {
    setChecking(true);
    void onCheck().finally(() => setChecking(false));
  };

  if (expired) return <PaymentTimeout target={target} />;

  return (
    <>
      <section
        className="flex flex-col items-center rounded-3xl border border-line bg-surface px-5 pt-5 pb-6 text-center"
        aria-labelledby="payment-amount"
      >
        <p className="flex items-center gap-2 text-sm font-medium text-fg-muted" data-testid="payment-how">
          <ChannelIcon channel={order.channel} size="sm" />
          {t(showQr ? 'payment.scanWith' : 'payment.payOnPhone', { channel: t(`membership.channels.${order.channel}`) })}
        </p>
        <p id="payment-amount" className="mt-3 text-[36px] leading-none font-bold tracking-tight tabular-nums" data-testid="payment-amount">
          {formatYuan(order.amountFen)}
        </p>
        <p className="mt-2 line-clamp-2 text-sm text-fg-muted">
          {order.planName} · {t('membership.days', { count: order.days })}
        </p>
        <p
          className={`mt-3 inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold tabular-nums ${
            left !== null && left <= 60 ? 'bg-danger/12 text-danger' : 'bg-warning/12 text-warning'
          }`}
          data-testid="payment-countdown"
        >
          <Timer aria-hidden className="size-4" />
          {t('payment.payWithin', { time: formatCountdown(left ?? 0) })}
        </p>

        <div className="mt-5 flex w-full flex-col items-center" data-testid="payment-mode" data-place={place} data-showing={showQr ? 'qr' : 'phone'}>
          {!showQr && place !== 'computer' ? (
            <PayHere order={order} place={place} sandbox={channelMode === undefined ? undefined : sandbox} target={target} />
          ) : payment ? (
            <PaymentQr value={payment.qrContent} />
          ) : makeQr.isError ? (
            <InlineError
              title={t('payment.infoFailed')}
              error={makeQr.error}
              onRetry={() => askQr({ planId: order.planId, channel: order.channel, mode: 'qr' })}
            />
          ) : (
            <Skeleton className="size-[216px] rounded-2xl" />
          )}
          {place !== 'computer' && (
            <button
              type="button"
              data-testid={showQr ? 'pay-on-phone' : 'show-qr'}
              onClick={() => setShowQr((shown) => !shown)}
              className="mt-3 inline-flex min-h-11 items-center gap-1.5 px-3 text-sm font-semibold text-accent"
            >
              {showQr ? <Smartphone aria-hidden className="size-4" /> : <QrCode aria-hidden className="size-4" />}
              {t(showQr ? 'payment.hideQr' : 'payment.showQr')}
            </button>
          )}
        </div>

        <p className="mt-4 flex items-center gap-2 text-sm text-fg-muted" role="status">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {t('payment.waiting')}
        </p>

        {sandbox && payment && (
          <div className="mt-4 w-full rounded-2xl bg-surface-2 px-4 py-3" data-testid="sandbox-note">
            <p className="text-xs text-fg-subtle">{t('payment.sandboxNote')}</p>
            <a
              href={payment.qrContent}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="open-checkout"
              className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-accent"
            >
              <ExternalLink aria-hidden className="size-4" />
              {t('payment.openCheckout')}
            </a>
          </div>
        )}
      </section>

      {checkError && (
        <InlineError title={t('payment.checkFailed')} error={checkError} onRetry={checkNow} />
      )}

      <button
        type="button"
        onClick={checkNow}
        disabled={checking}
        data-testid="check-payment"
        className="btn-secondary h-12 text-base disabled:opacity-60"
      >
        {checking ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <RefreshCw aria-hidden className="size-4" />}
        {t('payment.checkNow')}
      </button>

      <div className="flex flex-col items-center gap-1">
        <CancelOrderButton orderId={order.id} className="min-h-11 px-4 text-sm" />
        <p className="font-mono text-[11px] break-all text-fg-subtle">{t('orders.orderNoShort', { no: order.orderNo })}</p>
      </div>
    </>
  );
}

/** The countdown ran out (or the server closed the order for it): choose again. */
function PaymentTimeout({ target }: { target: WatchTarget | null }) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      data-testid="payment-timeout"
      className="flex flex-col items-center rounded-3xl border border-line bg-surface px-6 pt-10 pb-8 text-center"
    >
      <StatusIcon icon={TimerOff} tone="bg-warning/12 text-warning" />
      <h2 className="mt-4 text-lg font-bold">{t('payment.timeoutTitle')}</h2>
      <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-fg-muted">{t('payment.timeout')}</p>
      <Link to={membershipPathFor(target)} replace className="btn-primary mt-6 h-12 w-full max-w-xs text-base">
        {t('payment.choosePlanAgain')}
      </Link>
    </section>
  );
}
