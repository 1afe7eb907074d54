import { isVipActive, type UserInfo } from '@drama/contracts';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/i18n/i18n';
import { CrownBadge, GoldShine } from '../../membership';

/** The member's VIP state: gold, with the expiry when active and a call to join when not. */
export function VipCard({ user }: { user: Pick<UserInfo, 'vipLevel' | 'vipExpireTime'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const active = isVipActive(user);
  const expired = !active && user.vipLevel > 0 && user.vipExpireTime !== null;

  return (
    <Link
      to="/membership"
      data-testid="vip-card"
      data-vip={active ? 'active' : 'inactive'}
      className="relative flex min-h-[92px] items-center gap-3.5 overflow-hidden rounded-3xl bg-gradient-to-br from-gold-fill to-gold-fill-2 px-4 py-4 text-on-gold shadow-[0_14px_32px_-18px_var(--gold-fill-2)] transition-transform duration-150 active:scale-[0.99]"
    >
      <GoldShine glow="-top-10 -right-8 size-36" crown="right-24 -bottom-5 size-20 opacity-[0.08]" />
      <CrownBadge />
      <div className="min-w-0 flex-1">
        <p className="truncate text-base font-bold">{active ? t('profile.vipActive') : t('profile.vipJoinTitle')}</p>
        <p className="mt-0.5 line-clamp-2 text-[13px] leading-snug font-medium opacity-80" data-testid="vip-status">
          {active && user.vipExpireTime
            ? t('profile.vipUntil', { date: formatDate(user.vipExpireTime, locale) })
            : expired && user.vipExpireTime
              ? t('profile.vipExpired', { date: formatDate(user.vipExpireTime, locale) })
              : t('profile.vipJoinBody')}
        </p>
      </div>
      <span className="relative inline-flex min-h-9 shrink-0 items-center gap-0.5 rounded-full bg-on-gold px-3.5 text-[13px] font-bold text-gold-fill">
        {active ? t('profile.vipRenew') : t('profile.vipJoin')}
        <ChevronRight aria-hidden className="-mr-1 size-4" />
      </span>
    </Link>
  );
}
