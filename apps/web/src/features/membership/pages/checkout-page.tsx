import { useQuery } from '@tanstack/react-query';
import type { PaymentChannelId } from '@drama/contracts';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { meQueryOptions } from '../../../shared/account/get-me';
import { useSession } from '../../../shared/session/session-store';
import { EmptyPage } from '../../../shared/ui/empty-page';
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
import { OptionsSection } from '../components/options-section';
import { PayBar } from '../components/pay-bar';
import { PlanSummary } from '../components/plan-summary';
import { vipEndAfterPurchase } from '../lib/format';
import { createOrderFailure } from '../lib/order-failure';
import { pickChannel, readChannelId, readPlanCode } from '../lib/selection';

/** The order before it exists: what is bought, until when VIP will run, and how it is paid. */
export function CheckoutPage() {
  const { t } = useTranslation();
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
      <EmptyPage
        header={header}
        icon={ShoppingBag}
        title={t('membership.noPlanChosen')}
        description={t('membership.noPlanChosenHint')}
        action={
          <Link to={membershipPathFor(target)} replace className="btn-primary">
            {t('membership.choosePlan')}
          </Link>
        }
      />
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
          <PlanSummary plan={plan} vipEnd={vipEnd} />
        )}

        <OptionsSection
          of="channels"
          query={channels}
          loading={<Skeleton className="h-[113px] rounded-2xl" />}
          groupClassName="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
        >
          {(items) =>
            items.map((item) => (
              <ChannelOption
                key={item.id}
                channel={item}
                selected={item.id === channel?.id}
                onSelect={() => setChannelId(item.id)}
              />
            ))
          }
        </OptionsSection>

        <FormAlert message={createOrder.error ? createOrderFailure(t, createOrder.error) : null} />

        <p className="px-1 text-xs leading-relaxed text-fg-subtle">
          {t('membership.terms')}{' '}
          <Link to="/legal/agreement" className="font-medium text-fg-muted underline underline-offset-2">
            {t('routes.agreement')}
          </Link>
        </p>
      </div>

      <PayBar
        plan={plan}
        label={t('membership.pay')}
        disabled={!plan || !channel}
        pending={createOrder.isPending}
        onPay={onPay}
        testId="checkout-pay"
      />
    </div>
  );
}
