import { taskTypeSchema, type PointsRecord } from '@drama/contracts';
import { type TFunction, useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { LedgerRow, LedgerRowSkeleton } from '../../../shared/ui/ledger-row';
import { formatPoints, formatSignedPoints } from '../lib/format';
import { RECORD_ICON } from '../lib/record-meta';

/**
 * What the record was for, in the reader's language: a task's name from its type, a mall item's
 * name as the server picked it for this locale. Records from before causes were kept fall back
 * to their note (a task type is still worth naming).
 */
function noteOf(record: PointsRecord, t: TFunction): string | null {
  if (record.cause?.kind === 'task') return t(`points.taskTypes.${record.cause.taskType}.title`);
  if (record.cause?.kind === 'mall' && record.cause.itemName) return record.cause.itemName;
  const task = taskTypeSchema.safeParse(record.note);
  return task.success ? t(`points.taskTypes.${task.data}.title`) : record.note;
}

/** One line of the ledger: what, why, when, how much, and the balance it left. */
export function RecordRow({ record }: { record: PointsRecord }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const earned = record.amount >= 0;
  const note = noteOf(record, t);
  return (
    <LedgerRow
      data-testid="points-record"
      data-type={record.type}
      icon={RECORD_ICON[record.type]}
      tone={earned ? 'bg-gold/15 text-gold' : 'bg-surface-2 text-fg-muted'}
      at={record.createdAt}
      amount={
        <>
          <p
            className={`text-base font-bold tabular-nums ${earned ? 'text-success' : 'text-danger'}`}
            data-testid="record-amount"
          >
            {formatSignedPoints(record.amount, locale)}
          </p>
          <p className="mt-0.5 text-xs text-fg-subtle tabular-nums">
            {t('points.records.balanceAfter', { points: formatPoints(record.balanceAfter, locale) })}
          </p>
        </>
      }
    >
      <p className="truncate text-[15px] font-medium" data-testid="record-type">
        {t(`points.recordTypes.${record.type}`)}
      </p>
      {note && <p className="truncate text-[13px] text-fg-muted">{note}</p>}
    </LedgerRow>
  );
}

export function RecordRowSkeleton() {
  return <LedgerRowSkeleton widths={['w-24', 'w-36', 'w-12', 'w-16']} />;
}
