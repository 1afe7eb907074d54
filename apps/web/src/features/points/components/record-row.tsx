import { taskTypeSchema, type PointsRecord } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { formatDateTime } from '../../../shared/format/date';
import { formatPoints, formatSignedPoints } from '../lib/format';
import { RECORD_ICON } from '../lib/record-meta';

/** One line of the ledger: what, why, when, how much, and the balance it left. */
export function RecordRow({ record }: { record: PointsRecord }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const Icon = RECORD_ICON[record.type];
  const earned = record.amount >= 0;
  // A task reward's note is the task type: the task's own name reads better than its code.
  const task = taskTypeSchema.safeParse(record.note);
  const note = task.success ? t(`points.taskTypes.${task.data}.title`) : record.note;
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="points-record" data-type={record.type}>
      <span
        className={`grid size-10 shrink-0 place-items-center rounded-xl ${earned ? 'bg-gold/15 text-gold' : 'bg-surface-2 text-fg-muted'}`}
      >
        <Icon aria-hidden className="size-5" strokeWidth={2} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-medium" data-testid="record-type">
          {t(`points.recordTypes.${record.type}`)}
        </p>
        {note && <p className="truncate text-[13px] text-fg-muted">{note}</p>}
        <p className="mt-0.5 text-xs text-fg-subtle tabular-nums">
          <time dateTime={record.createdAt}>{formatDateTime(record.createdAt, locale)}</time>
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={`text-base font-bold tabular-nums ${earned ? 'text-success' : 'text-danger'}`}
          data-testid="record-amount"
        >
          {formatSignedPoints(record.amount, locale)}
        </p>
        <p className="mt-0.5 text-xs text-fg-subtle tabular-nums">
          {t('points.records.balanceAfter', { points: formatPoints(record.balanceAfter, locale) })}
        </p>
      </div>
    </li>
  );
}

export function RecordRowSkeleton() {
  return (
    <li aria-hidden className="flex items-center gap-3 px-4 py-3">
      <Skeleton className="size-10 shrink-0 rounded-xl" />
      <div className="flex-1">
        <Skeleton className="h-4 w-24 rounded-md" />
        <Skeleton className="mt-2 h-3 w-36 rounded-md" />
      </div>
      <div className="flex flex-col items-end">
        <Skeleton className="h-4 w-12 rounded-md" />
        <Skeleton className="mt-2 h-3 w-16 rounded-md" />
      </div>
    </li>
  );
}
