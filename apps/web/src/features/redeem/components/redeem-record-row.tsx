import type { RedeemRecord } from '@drama/contracts';
import { Coins, Crown } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { formatDateTime } from '../../../shared/format/date';

/** A redeemed code: the code itself, when, what kind, and how much it gave. */
export function RedeemRecordRow({ record }: { record: RedeemRecord }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const vip = record.type === 'vip_days';
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="redeem-record" data-type={record.type}>
      <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${vip ? 'bg-gold/15 text-gold' : 'bg-accent-soft text-accent'}`}>
        {vip ? <Crown aria-hidden className="size-5" strokeWidth={2} /> : <Coins aria-hidden className="size-5" strokeWidth={2} />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-mono text-[15px] font-medium tracking-wide" data-testid="redeem-record-code">
          {record.code}
        </p>
        <p className="mt-0.5 text-xs text-fg-subtle tabular-nums">
          <time dateTime={record.redeemedAt}>{formatDateTime(record.redeemedAt, locale)}</time>
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className="text-[15px] font-bold text-success tabular-nums" data-testid="redeem-record-value">
          {vip ? t('redeem.recordVip', { count: record.value }) : t('redeem.recordPoints', { points: record.value.toLocaleString(locale) })}
        </p>
        <p className="mt-0.5 text-xs text-fg-subtle">{t(`redeem.types.${record.type}`)}</p>
      </div>
    </li>
  );
}

export function RedeemRecordSkeleton() {
  return (
    <li aria-hidden className="flex items-center gap-3 px-4 py-3">
      <Skeleton className="size-10 shrink-0 rounded-xl" />
      <div className="flex-1">
        <Skeleton className="h-4 w-40 rounded-md" />
        <Skeleton className="mt-2 h-3 w-28 rounded-md" />
      </div>
      <div className="flex flex-col items-end">
        <Skeleton className="h-4 w-14 rounded-md" />
        <Skeleton className="mt-2 h-3 w-12 rounded-md" />
      </div>
    </li>
  );
}
