import { useQuery } from '@tanstack/react-query';
import { isVipActive, type PaymentChannelId, type PlanCode } from '@drama/contracts';
import { ChevronRight, Receipt, Ticket, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { meQueryOptions } from '../../../shared/account/get-me';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { Placeholders, Skeleton } from '../../../shared/ui/skeleton';
import { useWatchTarget } from '../../../shared/watch-target/use-watch-target';
import { playerPathFor } from '../../../shared/watch-target/watch-target';
import { usePendingOrder } from '../../orders';
import { usePaymentChannels } from '../api/get-payment-channels';
import { usePlans } from '../api/get-plans';
import { useTargetEpisode } from '../api/get-target-drama';
import { ChannelChips } from '../components/channel-chips';
import { PayBar } from '../components/pay-bar';
import { OptionsSection } from '../components/options-section';
import { PlanCard, PlanCardSkeleton } from '../components/plan-card';
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

        <OptionsSection
          of="plans"
          query={plans}
          loading={
            <div className="grid grid-cols-2 gap-x-3 gap-y-4 pt-1.5" aria-busy>
              <Placeholders count={4} of={PlanCardSkeleton} />
            </div>
          }
          groupClassName="grid grid-cols-2 gap-x-3 gap-y-4 pt-1.5"
        >
          {(items) =>
            items.map((item) => (
              <PlanCard key={item.id} plan={item} selected={item.id === plan?.id} onSelect={() => setPlanCode(item.code)} />
            ))
          }
        </OptionsSection>

        {/* Channels sit in the pay bar; here only what keeps them from it (an error, none on offer). */}
        {(channels.error || channels.data?.length === 0) && (
          <OptionsSection of="channels" query={channels} />
        )}

        <nav aria-label={t('membership.more')} className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          <MoreLink icon={Receipt} to="/orders" label={t('routes.orders')} />
          <MoreLink icon={Ticket} to="/redeem" label={t('membership.redeemLink')} />
        </nav>

        <p className="px-1 text-xs leading-relaxed text-fg-subtle">{t('membership.terms')}</p>
      </div>

      <PayBar
        plan={plan}
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
