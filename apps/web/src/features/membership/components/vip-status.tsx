import { isVipActive, type UserInfo } from '@drama/contracts';
import { Gauge, Lock, MonitorPlay, ShieldBan, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale, type TranslationKey } from '../../../shared/i18n/i18n';
import { formatDate } from '../../../shared/format/date';
import { CrownBadge, GoldShine } from './vip-art';

export type VipState = 'active' | 'expired' | 'none';

export function vipStateOf(user: Pick<UserInfo, 'vipLevel' | 'vipExpireTime'>, now = new Date()): VipState {
  if (isVipActive(user, now)) return 'active';
  return user.vipExpireTime !== null ? 'expired' : 'none';
}

const BENEFITS: { icon: LucideIcon; key: TranslationKey }[] = [
  { icon: Lock, key: 'membership.benefits.allEpisodes' },
  { icon: Gauge, key: 'membership.benefits.earlyAccess' },
  { icon: MonitorPlay, key: 'membership.benefits.hd' },
  { icon: ShieldBan, key: 'membership.benefits.noAds' },
];

/** The member's VIP state on gold, and what VIP gives, as the genre's apps open their VIP page. */
export function VipStatus({ user }: { user: Pick<UserInfo, 'username' | 'vipLevel' | 'vipExpireTime'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = vipStateOf(user);
  const date = user.vipExpireTime ? formatDate(user.vipExpireTime, locale) : '';
  const line =
    state === 'active'
      ? t('membership.activeUntil', { date })
      : state === 'expired'
        ? t('membership.expiredOn', { date })
        : t('membership.notVip');

  return (
    <section
      data-testid="vip-status"
      data-vip={state}
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-gold-fill to-gold-fill-2 p-4 text-on-gold shadow-[0_14px_32px_-18px_var(--gold-fill-2)]"
    >
      <GoldShine glow="-top-12 -right-10 size-40" crown="-right-3 -bottom-6 size-28 opacity-[0.09]" />
      <div className="relative flex items-center gap-3">
        <CrownBadge />
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-bold">{user.username}</p>
          <p className="mt-0.5 truncate text-[13px] font-medium opacity-80" data-testid="vip-state-text">
            {line}
          </p>
        </div>
        {state === 'active' && (
          <span className="shrink-0 rounded-full bg-on-gold px-2.5 py-1 text-[11px] font-bold text-gold-fill">VIP</span>
        )}
      </div>
      <h2 className="sr-only">{t('membership.benefitsTitle')}</h2>
      <ul className="relative mt-4 grid grid-cols-4 gap-1 rounded-2xl bg-white/30 px-1 py-2.5">
        {BENEFITS.map(({ icon: Icon, key }) => (
          <li key={key} className="flex min-w-0 flex-col items-center gap-1 text-center">
            <Icon aria-hidden className="size-5" strokeWidth={2} />
            <span className="line-clamp-2 px-0.5 text-[11px] leading-tight font-semibold">{t(key)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
