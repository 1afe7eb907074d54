import { useQuery } from '@tanstack/react-query';
import type { PaymentChannelId } from '@drama/contracts';
import { Crown, ShoppingBag } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { meQueryOptions } from '../../../shared/account/get-me';
import { useLocale } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FormAlert } from '../../../shared/ui/form/form-alert';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useWatchTarget } from '../../../shared/watch-target/use-watch-target';
import { membershipPathFor, withWatchTarget } from '../../../shared/watch-target/watch-target';
import { useCreateOrder } from '../../orders';
import { usePaymentChannels } from '../api/get-payment-channels';
import { usePlans } from '../api/get-plans';
import { ChannelOption } from '../components/channel-option';
import { InlineError } from '../../../shared/ui/inline-error';
import { PayBar } from '../components/pay-bar';
import { formatDate, formatYuan, vipEndAfterPurchase } from '../lib/format';
import { createOrderFailure } from '../lib/order-failure';
import { pickChannel, readChannelId, readPlanCode } from '../lib/selection';

/** The order before it exists: what is bought, until when VIP will run, and how it is paid. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token, user: keptUser } = useSession();
  const me = useQuery({ ...meQueryOptions(), enabled: Boolean(token) });
  const plans = usePlans();
  const channels = usePaymentChannels();
  const createOrder = useCreateOrder();
  const planCode = readPlanCode(params.get('plan'));
  const [channelId, setChannelId] = useState<PaymentChannelId | null>(() => readChannelId(params.get('channel')));
  const target = useWatchTarget();

  const user = me.data ?? keptUser;
  const plan = plans.data?.find((item) => item.code === planCode);
  const channel = channels.data ? pickChannel(channels.data, channelId) : undefined;

  const header = <PageHeader title={t('routes.membershipPayment')} fallback={membershipPathFor(target)} />;

  if (!planCode || (plans.data && !plan)) {
    return (
      <div className="flex flex-1 flex-col">
        {header}
        <EmptyState
          icon={ShoppingBag}
          title={t('membership.noPlanChosen')}
          description={t('membership.noPlanChosenHint')}
          action={
            <Link to={membershipPathFor(target)} replace className="btn-primary">
              {t('membership.choosePlan')}
            </Link>
          }
          className="flex-1 justify-center"
        />
      </div>
    );
  }

  const onPay = () => {
    if (!plan || !channel || createOrder.isPending) return;
    createOrder.mutate(
      { planId: plan.id, channel: channel.id },
      // Replaced, so that Back from the QR code returns to the plans instead of paying twice.
      { onSuccess: ({ order }) => void navigate(withWatchTarget(`/payment?orderId=${order.id}`, target), { replace: true }) },
    );
  };

  const vipEnd = plan && user ? vipEndAfterPurchase(user.vipExpireTime, plan.days) : null;

  return (
    <div className="flex flex-1 flex-col" data-testid="checkout-page">
      {header}
      <div className="flex flex-col gap-5 px-4 pt-4 pb-6">
        {plans.error ? (
          <InlineError title={t('membership.planLoadFailed')} error={plans.error} onRetry={() => void plans.refetch()} />
        ) : !plan ? (
          <Skeleton className="h-[232px] rounded-3xl" />
        ) : (
          <section
            aria-labelledby="summary-title"
            className="overflow-hidden rounded-3xl border border-line bg-surface"
            data-testid="checkout-summary"
          >
            <div className="flex items-center gap-3 bg-gradient-to-r from-gold/15 to-transparent px-4 py-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-gold-fill to-gold-fill-2 text-on-gold">
                <Crown aria-hidden className="size-6" strokeWidth={2} />
              </span>
              <div className="min-w-0 flex-1">
                <h2 id="summary-title" className="line-clamp-2 text-base leading-snug font-bold">
                  {plan.name}
                </h2>
                <p className="mt-0.5 text-xs text-fg-muted">{t('membership.days', { count: plan.days })}</p>
              </div>
            </div>
            <dl className="divide-y divide-line px-4">
              {plan.originalPriceFen !== null && plan.originalPriceFen > plan.priceFen && (
                <>
                  <Row label={t('membership.listPrice')}>
                    <s className="text-fg-subtle">{formatYuan(plan.originalPriceFen)}</s>
                  </Row>
                  <Row label={t('membership.discount')}>
                    <span className="text-accent">-{formatYuan(plan.originalPriceFen - plan.priceFen)}</span>
                  </Row>
                </>
              )}
              <Row label={t('membership.validUntil')}>
                <span data-testid="checkout-valid-until">{vipEnd ? formatDate(vipEnd.toISOString(), locale) : '—'}</span>
              </Row>
              <Row label={t('membership.amountDue')}>
                <span className="text-lg font-bold text-accent">{formatYuan(plan.priceFen)}</span>
              </Row>
            </dl>
          </section>
        )}

        <section aria-labelledby="checkout-channels">
          <h2 id="checkout-channels" className="px-1 pb-3 text-lg font-bold tracking-tight">
            {t('membership.channelsTitle')}
          </h2>
          {channels.isPending ? (
            <Skeleton className="h-[113px] rounded-2xl" />
          ) : channels.error ? (
            <InlineError
              title={t('membership.channelLoadFailed')}
              error={channels.error}
              onRetry={() => void channels.refetch()}
            />
          ) : channels.data.length === 0 ? (
            <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-fg-muted">
              {t('membership.noChannels')}
            </p>
          ) : (
            <div
              role="radiogroup"
              aria-labelledby="checkout-channels"
              className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
            >
              {channels.data.map((item) => (
                <ChannelOption
                  key={item.id}
                  channel={item}
                  selected={item.id === channel?.id}
                  onSelect={() => setChannelId(item.id)}
                />
              ))}
            </div>
          )}
        </section>

        <FormAlert message={createOrder.error ? createOrderFailure(t, createOrder.error) : null} />

        <p className="px-1 text-xs leading-relaxed text-fg-subtle">
          {t('membership.terms')}{' '}
          <Link to="/legal/agreement" className="font-medium text-fg-muted underline underline-offset-2">
            {t('routes.agreement')}
          </Link>
        </p>
      </div>

      <PayBar
        amountFen={plan?.priceFen ?? null}
        originalFen={plan?.originalPriceFen ?? null}
        label={t('membership.pay')}
        disabled={!plan || !channel}
        pending={createOrder.isPending}
        onPay={onPay}
        testId="checkout-pay"
      />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-12 items-center justify-between gap-4 py-2.5 text-sm">
      <dt className="shrink-0 text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}
