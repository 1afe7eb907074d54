import type { PointsSummary } from '@drama/contracts';
import { Coins } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { formatPoints, formatSignedPoints } from '../lib/format';

/** The balance, large, with what today and all time have earned. */
export function PointsHero({ summary }: { summary: PointsSummary | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section
      aria-label={t('points.balance')}
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-accent-fill-2 to-accent-fill px-5 pt-5 pb-4 text-on-accent shadow-[0_18px_40px_-20px_var(--accent-fill)]"
    >
      <div aria-hidden className="pointer-events-none absolute -top-12 -right-10 size-40 rounded-full bg-white/20 blur-2xl" />
      <Coins
        aria-hidden
        className="pointer-events-none absolute -right-4 -bottom-6 size-32 rotate-[-12deg] opacity-[0.12]"
        strokeWidth={1.5}
      />
      <p className="relative text-[13px] font-medium opacity-85">{t('points.balance')}</p>
      {summary ? (
        <p className="relative mt-1 text-[44px] leading-none font-extrabold tracking-tight tabular-nums" data-testid="points-balance">
          {formatPoints(summary.balance, locale)}
        </p>
      ) : (
        <Skeleton className="relative mt-1 h-11 w-32 rounded-xl bg-white/20" />
      )}
      <dl className="relative mt-4 grid grid-cols-2 gap-3 border-t border-white/20 pt-3 text-[13px]">
        <div className="min-w-0">
          <dt className="truncate opacity-80">{t('points.todayEarned')}</dt>
          <dd className="mt-0.5 text-lg leading-tight font-bold tabular-nums" data-testid="points-today">
            {summary ? formatSignedPoints(summary.todayEarned, locale) : '\u2013'}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="truncate opacity-80">{t('points.totalEarned')}</dt>
          <dd className="mt-0.5 text-lg leading-tight font-bold tabular-nums">
            {summary ? formatPoints(summary.totalEarned, locale) : '\u2013'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
