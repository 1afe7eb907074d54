import type { Task } from '@drama/contracts';
import { Check, LoaderCircle } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { formatPoints } from '../lib/format';
import { TASK_LOOK } from '../lib/task-meta';

interface TaskRowProps {
  task: Task;
  onGo: (task: Task) => void;
  onClaim: (task: Task) => void;
  /** This task's claim or progress call is running. */
  busy: boolean;
}

const BUTTON =
  'inline-flex min-h-11 min-w-[76px] shrink-0 items-center justify-center gap-1 rounded-full px-3.5 text-[13px] font-semibold';

function TaskButton({ task, onGo, onClaim, busy }: TaskRowProps) {
  const { t } = useTranslation();
  if (task.status === 'received') {
    return (
      <button type="button" disabled className={`${BUTTON} bg-surface-2 text-fg-subtle`} data-testid="task-button">
        <Check aria-hidden className="size-3.5" strokeWidth={2.5} />
        {t('points.tasks.received')}
      </button>
    );
  }
  // Checking in is itself the claim: there is nowhere to go first.
  const claimable = task.status === 'completed' || task.type === 'dailyCheckIn';
  const label = task.type === 'dailyCheckIn' ? t('points.tasks.checkIn') : claimable ? t('points.tasks.claim') : t('points.tasks.go');
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => (claimable ? onClaim(task) : onGo(task))}
      data-testid="task-button"
      className={
        claimable
          ? `btn-primary ${BUTTON} disabled:opacity-60`
          : `${BUTTON} border border-accent text-accent transition-colors active:bg-accent-soft disabled:opacity-60`
      }
    >
      {busy && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
      {label}
    </button>
  );
}

/** A task: what to do, what it pays, how far along it is, and the one thing to press. */
export function TaskRow(props: TaskRowProps) {
  const { task } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const { icon: Icon, tint } = TASK_LOOK[task.type];
  const shown = Math.min(task.progress, task.target);
  const percent = Math.round((shown / task.target) * 100);
  return (
    <li className="flex items-center gap-3 px-4 py-3.5" data-testid="task-row" data-task={task.type} data-status={task.status}>
      <span className={`grid size-11 shrink-0 place-items-center rounded-2xl ${tint}`}>
        <Icon aria-hidden className="size-[22px]" strokeWidth={2} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-[15px] leading-snug font-semibold [overflow-wrap:anywhere]">
          {t(`points.taskTypes.${task.type}.title`)}
        </p>
        <p className="mt-0.5 line-clamp-2 text-xs leading-snug text-fg-muted">
          {t(`points.taskTypes.${task.type}.description`, { count: task.target })}
        </p>
        <div className="mt-1.5 flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={t('points.tasks.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={task.target}
            aria-valuenow={shown}
            className="h-1.5 max-w-24 flex-1 overflow-hidden rounded-full bg-surface-3"
          >
            <div
              className={`h-full rounded-full ${task.status === 'received' ? 'bg-fg-subtle' : 'bg-gradient-to-r from-accent-fill-2 to-accent-fill'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
          <span className="text-[11px] font-medium text-fg-subtle tabular-nums" data-testid="task-progress">
            {t('points.tasks.progress', { progress: shown, target: task.target })}
          </span>
          <span
            className="ml-auto shrink-0 rounded-full bg-gold/12 px-2 py-0.5 text-[11px] leading-4 font-bold text-gold tabular-nums"
            data-testid="task-reward"
          >
            {t('points.earned', { points: formatPoints(task.rewardPoints, locale) })}
          </span>
        </div>
      </div>
      <TaskButton {...props} />
    </li>
  );
}

export function TaskRowSkeleton() {
  return (
    <li aria-hidden className="flex items-center gap-3 px-4 py-3.5">
      <Skeleton className="size-11 shrink-0 rounded-2xl" />
      <div className="flex-1">
        <Skeleton className="h-4 w-28 rounded-md" />
        <Skeleton className="mt-2 h-3 w-40 rounded-md" />
        <Skeleton className="mt-2 h-1.5 w-24 rounded-full" />
      </div>
      <Skeleton className="h-11 w-20 rounded-full" />
    </li>
  );
}
