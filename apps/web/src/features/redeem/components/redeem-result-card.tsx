import type { RedeemResult } from '@drama/contracts';
import { CircleCheck, Coins, Crown } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { formatDate } from '../../../shared/format/date';

/** What the code gave: VIP days and the new expiry, or points and the new balance. */
export function RedeemResultCard({ result }: { result: RedeemResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const vip = result.type === 'vip_days';
  return (
    <section
      role="status"
      data-testid="redeem-result"
      data-type={result.type}
      className={`relative mt-5 animate-fade-in overflow-hidden rounded-3xl px-5 py-5 ${
        vip
          ? 'bg-gradient-to-br from-gold-fill to-gold-fill-2 text-on-gold'
          : 'border border-line bg-surface text-fg'
      }`}
    >
      {vip && <div aria-hidden className="pointer-events-none absolute -top-10 -right-8 size-36 rounded-full bg-white/25 blur-2xl" />}
      <p className="relative flex items-center gap-1.5 text-[13px] font-semibold opacity-85">
        <CircleCheck aria-hidden className="size-4" strokeWidth={2.25} />
        {t('redeem.successTitle')}
      </p>
      <div className="relative mt-3 flex items-center gap-3.5">
        <span
          className={`grid size-12 shrink-0 place-items-center rounded-2xl ${vip ? 'bg-on-gold text-gold-fill' : 'bg-gold/15 text-gold'}`}
        >
          {vip ? (
            <Crown aria-hidden className="size-6" strokeWidth={2} fill="currentColor" fillOpacity={0.25} />
          ) : (
            <Coins aria-hidden className="size-6" strokeWidth={2} />
          )}
        </span>
        <div className="min-w-0">
          <p className="text-[22px] leading-tight font-extrabold tabular-nums" data-testid="redeem-result-value">
            {vip
              ? t('redeem.vipDays', { count: result.value })
              : t('redeem.pointsGained', { points: result.value.toLocaleString(locale) })}
          </p>
          <p className="mt-0.5 text-[13px] font-medium opacity-80" data-testid="redeem-result-detail">
            {vip
              ? result.vipExpireTime
                ? t('redeem.vipUntil', { date: formatDate(result.vipExpireTime, locale) })
                : null
              : t('redeem.balance', { points: result.points.toLocaleString(locale) })}
          </p>
        </div>
      </div>
    </section>
  );
}
