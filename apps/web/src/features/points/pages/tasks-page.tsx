import type { Task, TaskType } from '@drama/contracts';
import { ChevronRight, Clock, Coins } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useNavigate } from 'react-router';
import { formErrorMessage } from '../../../shared/i18n/error-message';
import { useLocale } from '../../../shared/i18n/i18n';
import { useSiteName } from '../../../shared/system-settings/site-name';
import { CardList } from '../../../shared/ui/card-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast/toast-store';
import { usePointsSummary } from '../api/get-points-summary';
import { useTasks } from '../api/get-tasks';
import { useReportTaskProgress } from '../api/report-task-progress';
import { FollowSheet } from '../components/follow-sheet';
import { InviteSheet } from '../components/invite-sheet';
import { LoadError } from '../components/load-error';
import { TaskRow, TaskRowSkeleton } from '../components/task-row';
import { useClaimReward } from '../hooks/use-claim-reward';
import { formatPoints, timeUntil } from '../lib/format';
import { describeReset } from '../lib/reset-time';
import { TASK_DESTINATION } from '../lib/task-meta';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function TaskSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h2 className="px-5 text-[15px] font-bold tracking-tight text-fg">{title}</h2>
      <CardList className="mt-2">{children}</CardList>
    </section>
  );
}

/** Daily and newbie tasks: go and do them, then claim their points. */
export function TasksPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const tasks = useTasks();
  const summary = usePointsSummary();
  const { claimReward, pendingType } = useClaimReward();
  const progress = useReportTaskProgress();
  const [sheet, setSheet] = useState<'follow' | 'invite' | null>(null);
  const closeSheet = useCallback(() => setSheet(null), []);
  const siteName = useSiteName();

  const report = (taskType: TaskType, onDone?: () => void) => {
    progress.mutate(taskType, {
      onSuccess: (task) => {
        onDone?.();
        if (task.status === 'completed') toast.success(t('points.tasks.readyToClaim'));
      },
      onError: (error) => toast.error(formErrorMessage(t, error, 'points.tasks.progressFailed')),
    });
  };

  const share = async () => {
    const url = new URL('/', window.location.origin).toString();
    const text = t('points.share.text', { site: siteName });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: siteName, text, url });
      } catch (error) {
        if (!isAbort(error)) toast.error(t('points.share.failed'));
        return;
      }
    } else {
      try {
        await navigator.clipboard.writeText(`${text} ${url}`);
        toast.success(t('points.share.copied'));
      } catch {
        toast.error(t('points.share.failed'));
        return;
      }
    }
    report('shareContent');
  };

  const onGo = (task: Task) => {
    const destination = TASK_DESTINATION[task.type];
    if (destination) {
      void navigate(destination);
      return;
    }
    if (task.type === 'shareContent') void share();
    else if (task.type === 'followUs') setSheet('follow');
    else if (task.type === 'inviteFriends') setSheet('invite');
  };

  const busyType = pendingType ?? (progress.isPending ? progress.variables : null);
  const row = (task: Task) => (
    <TaskRow key={task.type} task={task} busy={busyType === task.type} onGo={onGo} onClaim={(item) => claimReward(item.type)} />
  );
  const daily = tasks.data?.items.filter((task) => task.category === 'daily') ?? [];
  const newbie = tasks.data?.items.filter((task) => task.category === 'newbie') ?? [];
  const resetsAt = tasks.data?.resetsAt;
  const left = resetsAt ? timeUntil(resetsAt) : null;
  const reset = tasks.data ? describeReset(tasks.data.resetsAt, tasks.data.timeZone, locale) : null;

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="tasks-page">
      <PageHeader title={t('routes.pointsTasks')} fallback="/points" />
      {tasks.error && !tasks.data ? (
        <LoadError title={t('points.tasks.loadFailed')} error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : (
        <>
          <div className="mx-4 mt-3 flex items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3">
            <Link to="/points" className="flex min-h-11 min-w-0 flex-1 items-center gap-2.5">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-gold/15 text-gold">
                <Coins aria-hidden className="size-[18px]" strokeWidth={2} />
              </span>
              <span className="min-w-0">
                <span className="block text-xs text-fg-subtle">{t('points.balance')}</span>
                <span className="block text-lg leading-tight font-bold tabular-nums" data-testid="tasks-balance">
                  {summary.data ? formatPoints(summary.data.balance, locale) : '\u2013'}
                </span>
              </span>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
            </Link>
            <div className="flex max-w-[55%] items-start gap-1.5 text-right text-xs leading-snug text-fg-muted" data-testid="tasks-reset">
              <Clock aria-hidden className="mt-px size-3.5 shrink-0" />
              {reset && left ? (
                <span>
                  {t('points.tasks.resetsAtZone', { time: reset.time, zone: reset.zone })}
                  {reset.localTime && (
                    <span className="block" data-testid="tasks-reset-local">
                      {t('points.tasks.resetsLocal', { time: reset.localTime })}
                    </span>
                  )}
                  <span className="block text-fg-subtle tabular-nums">{t('points.tasks.resetsIn', left)}</span>
                </span>
              ) : (
                <Skeleton className="h-3.5 w-28 rounded-md" />
              )}
            </div>
          </div>

          <TaskSection title={t('points.tasks.daily')}>
            {tasks.isPending ? Array.from({ length: 3 }, (_, index) => <TaskRowSkeleton key={index} />) : daily.map(row)}
          </TaskSection>
          {(tasks.isPending || newbie.length > 0) && (
            <TaskSection title={t('points.tasks.newbie')}>
              {tasks.isPending ? Array.from({ length: 4 }, (_, index) => <TaskRowSkeleton key={index} />) : newbie.map(row)}
            </TaskSection>
          )}
        </>
      )}
      <FollowSheet
        open={sheet === 'follow'}
        follow={tasks.data?.follow ?? null}
        siteName={siteName}
        onClose={closeSheet}
        pending={progress.isPending && progress.variables === 'followUs'}
        onFollowed={() => report('followUs', closeSheet)}
      />
      <InviteSheet open={sheet === 'invite'} code={tasks.data?.inviteCode ?? ''} onClose={closeSheet} />
    </div>
  );
}
