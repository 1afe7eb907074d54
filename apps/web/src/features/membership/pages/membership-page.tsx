import { useQuery } from '@tanstack/react-query';
import { isVipActive, type PaymentChannelId, type PlanCode } from '@drama/contracts';
import { ChevronRight, Receipt, Ticket, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { meQueryOptions } from '../../../shared/account/get-me';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useWatchTarget } from '../../../shared/watch-target/use-watch-target';
import { playerPathFor } from '../../../shared/watch-target/watch-target';
import { usePendingOrder } from '../../orders';
import { usePaymentChannels } from '../api/get-payment-channels';
import { usePlans } from '../api/get-plans';
import { useTargetEpisode } from '../api/get-target-drama';
import { ChannelChips } from '../components/channel-chips';
import { InlineError } from '../../../shared/ui/inline-error';
import { PayBar } from '../components/pay-bar';
import { PlanCard } from '../components/plan-card';
import { UnlockTarget } from '../components/unlock-target';
import { UnpaidOrderBanner } from '../components/unpaid-order-banner';
import { VipStatus } from '../components/vip-status';
import { useBackToPlayer } from '../hooks/use-back-to-player';
import { checkoutPath, pickChannel, pickPlan, readChannelId, readPlanCode } from '../lib/selection';

export function MembershipPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token, user: keptUser } = useSession();
  // VIP may have changed elsewhere (a redeemed code, another device): ask again on every visit.
  const me = useQuery({ ...meQueryOptions(), enabled: Boolean(token), refetchOnMount: 'always' });
  const plans = usePlans();
  const channels = usePaymentChannels();
  const pending = usePendingOrder();
  const [planCode, setPlanCode] = useState<PlanCode | null>(() => readPlanCode(params.get('plan')));
  const [channelId, setChannelId] = useState<PaymentChannelId | null>(() => readChannelId(params.get('channel')));
  // The locked episode that sent the viewer here, carried to checkout, payment and the result.
  const target = useWatchTarget();
  const unlocking = useTargetEpisode(target);
  const backToPlayer = useBackToPlayer(target);

  const user = me.data ?? keptUser;
  const plan = plans.data ? pickPlan(plans.data, planCode) : undefined;
  const channel = channels.data ? pickChannel(channels.data, channelId) : undefined;

  return (
    <div className="flex flex-1 flex-col" data-testid="membership-page">
      <PageHeader
        title={t('routes.membership')}
        fallback={target ? playerPathFor(target) : '/profile'}
        trailing={
          <Link to="/orders" className="icon-btn" aria-label={t('routes.orders')}>
            <Receipt aria-hidden className="size-[22px]" strokeWidth={1.9} />
          </Link>
        }
      />

      <div className="flex flex-col gap-5 px-4 pt-4 pb-6">
        {target && (
          <UnlockTarget
            drama={unlocking.drama}
            episode={unlocking.episode}
            unlocked={user !== null && isVipActive(user)}
            onBack={backToPlayer}
          />
        )}

        {user && <VipStatus user={user} />}

        {pending.data && <UnpaidOrderBanner order={pending.data} target={target} />}

        <section aria-labelledby="plans-title">
          <h2 id="plans-title" className="px-1 pb-3 text-lg font-bold tracking-tight">
            {t('membership.plansTitle')}
          </h2>
          {plans.isPending ? (
            <div className="grid grid-cols-2 gap-x-3 gap-y-4 pt-1.5" aria-busy>
              {Array.from({ length: 4 }, (_, index) => (
                <Skeleton key={index} className="h-[132px] rounded-2xl" />
              ))}
            </div>
          ) : plans.error ? (
            <InlineError title={t('membership.planLoadFailed')} error={plans.error} onRetry={() => void plans.refetch()} />
          ) : plans.data.length === 0 ? (
            <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-fg-muted">
              {t('membership.noPlans')}
            </p>
          ) : (
            <div role="radiogroup" aria-labelledby="plans-title" className="grid grid-cols-2 gap-x-3 gap-y-4 pt-1.5">
              {plans.data.map((item) => (
                <PlanCard
                  key={item.id}
                  plan={item}
                  selected={item.id === plan?.id}
                  onSelect={() => setPlanCode(item.code)}
                />
              ))}
            </div>
          )}
        </section>

        {/* Channels sit in the pay bar; here only what keeps them from it (an error, none on offer). */}
        {(channels.error || channels.data?.length === 0) && (
          <section aria-labelledby="channels-title">
            <h2 id="channels-title" className="px-1 pb-3 text-lg font-bold tracking-tight">
              {t('membership.channelsTitle')}
            </h2>
            {channels.error ? (
              <InlineError
                title={t('membership.channelLoadFailed')}
                error={channels.error}
                onRetry={() => void channels.refetch()}
              />
            ) : (
              <p className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-fg-muted">
                {t('membership.noChannels')}
              </p>
            )}
          </section>
        )}

        <nav aria-label={t('membership.more')} className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          <MoreLink icon={Receipt} to="/orders" label={t('routes.orders')} />
          <MoreLink icon={Ticket} to="/redeem" label={t('membership.redeemLink')} />
        </nav>

        <p className="px-1 text-xs leading-relaxed text-fg-subtle">{t('membership.terms')}</p>
      </div>

      <PayBar
        amountFen={plan?.priceFen ?? null}
        originalFen={plan?.originalPriceFen ?? null}
        label={t('membership.continue')}
        disabled={!plan || !channel}
        onPay={() => {
          if (plan && channel) void navigate(checkoutPath(plan.code, channel.id, target));
        }}
        testId="membership-continue"
      >
        {channels.isPending ? (
          <Skeleton className="mb-3 h-10 rounded-full" />
        ) : channels.data && channels.data.length > 0 ? (
          <ChannelChips channels={channels.data} selected={channel?.id} onSelect={setChannelId} />
        ) : null}
      </PayBar>
    </div>
  );
}

function MoreLink({ icon: Icon, to, label }: { icon: LucideIcon; to: string; label: string }) {
  return (
    <Link to={to} className="flex min-h-13 items-center gap-3 px-4 active:bg-surface-2">
      <Icon aria-hidden className="size-5 shrink-0 text-fg-muted" strokeWidth={1.9} />
      <span className="min-w-0 flex-1 truncate text-[15px]">{label}</span>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
    </Link>
  );
}
