import type { RedeemRecord } from '@drama/contracts';
import { Coins, Crown } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { LedgerRow, LedgerRowSkeleton } from '../../../shared/ui/ledger-row';

/** A redeemed code: the code itself, when, what kind, and how much it gave. */
export function RedeemRecordRow({ record }: { record: RedeemRecord }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const vip = record.type === 'vip_days';
  return (
    <LedgerRow
      data-testid="redeem-record"
      data-type={record.type}
      icon={vip ? Crown : Coins}
      tone={vip ? 'bg-gold/15 text-gold' : 'bg-accent-soft text-accent'}
      at={record.redeemedAt}
      amount={
        <>
          <p className="text-[15px] font-bold text-success tabular-nums" data-testid="redeem-record-value">
            {vip ? t('redeem.recordVip', { count: record.value }) : t('redeem.recordPoints', { points: record.value.toLocaleString(locale) })}
          </p>
          <p className="mt-0.5 text-xs text-fg-subtle">{t(`redeem.types.${record.type}`)}</p>
        </>
      }
    >
      <p className="truncate font-mono text-[15px] font-medium tracking-wide" data-testid="redeem-record-code">
        {record.code}
      </p>
    </LedgerRow>
  );
}

export function RedeemRecordSkeleton() {
  return <LedgerRowSkeleton widths={['w-40', 'w-28', 'w-14', 'w-12']} />;
}
