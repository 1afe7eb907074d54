import { useQueryClient } from '@tanstack/react-query';
import { History, LayoutGrid, Trash2 } from 'lucide-react';
import type { WatchRecordItem } from '@drama/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { EditToggle, SelectionBar, useSelection } from '../../../shared/ui/edit-mode';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InfiniteList, useListItems } from '../../../shared/ui/infinite-list/infinite-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast/toast-store';
import { mergeLocalWatchHistory } from '../../../shared/watch-history/merge-local-history';
import { useWatchHistory } from '../api/get-watch-history';
import { useRemoveWatchRecords } from '../api/remove-watch-records';
import { HistoryRow } from '../components/history-row';
import { dayName, formatDay, groupByDay } from '../lib/day-groups';

const recordDramaId = (item: WatchRecordItem) => item.dramaId;

function RowsSkeleton() {
  return (
    <div aria-hidden data-testid="history-skeleton" className="pt-2">
      <Skeleton className="mx-4 mt-3 mb-2 h-4 w-16 rounded-md" />
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex gap-3 px-4 py-2.5">
          <Skeleton className="aspect-[3/4] w-[72px] rounded-lg" />
          <div className="flex flex-1 flex-col justify-center gap-2">
            <Skeleton className="h-4 w-3/4 rounded-md" />
            <Skeleton className="h-3 w-1/3 rounded-md" />
            <Skeleton className="h-1 w-1/2 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** `/history`: the member's watch history by day; the route guard makes sure there is a member. */
export function HistoryPage() {
  const { user } = useSession();
  if (!user) return null;
  return <WatchHistory userId={user.id} />;
}

function WatchHistory({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useWatchHistory(userId);
  const remove = useRemoveWatchRecords(userId);
  const [editing, setEditing] = useState(false);

  // What this device watched as a guest and could not be merged at sign-in gets another try.
  useEffect(() => {
    void mergeLocalWatchHistory(queryClient, userId);
  }, [queryClient, userId]);

  const items = useListItems(query.data, recordDramaId);
  const ids = useMemo(() => items.map((item) => item.dramaId), [items]);
  const selection = useSelection(ids);
  const isEditing = editing && items.length > 0;
  const groups = useMemo(() => groupByDay(items, (item) => new Date(item.updatedAt)), [items]);
  const now = new Date();
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });

  const run = (target: number[] | 'all', done: string) => {
    remove.mutate(target, {
      onSuccess: () => toast.success(done),
      onError: () => toast.error(t('listEdit.removeFailed')),
    });
  };

  const removeSelected = async () => {
    const chosen = selection.selected;
    if (chosen.length === 0) return;
    const confirmed = await confirm({
      title: t('history.removeTitle', { count: chosen.length }),
      message: t('history.removeMessage'),
      confirmText: t('listEdit.remove'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    selection.clear();
    run(chosen, t('history.removedMany', { count: chosen.length }));
  };

  const clearAll = async () => {
    const confirmed = await confirm({
      title: t('history.clearTitle'),
      message: t('history.clearMessage'),
      confirmText: t('history.clear'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    selection.clear();
    setEditing(false);
    run('all', t('history.cleared'));
  };

  return (
    <div className="flex flex-1 flex-col" data-testid="history-page">
      <PageHeader
        title={t('routes.history')}
        fallback="/profile"
        trailing={
          items.length > 0 && (
            <>
              {!isEditing && (
                <button
                  type="button"
                  onClick={() => void clearAll()}
                  aria-label={t('history.clearAll')}
                  data-testid="history-clear"
                  className="icon-btn text-fg-muted"
                >
                  <Trash2 aria-hidden className="size-5" strokeWidth={1.9} />
                </button>
              )}
              <EditToggle
                editing={isEditing}
                onToggle={() => {
                  selection.clear();
                  setEditing(!isEditing);
                }}
              />
            </>
          )
        }
      />
      <InfiniteList
        query={query}
        keyOf={recordDramaId}
        skeleton={<RowsSkeleton />}
        errorClassName="flex-1 justify-center"
        renderEmpty={() => (
          <EmptyState
            icon={History}
            title={t('history.empty')}
            description={t('history.emptyHint')}
            action={
              <Link to="/category" className="btn-primary">
                <LayoutGrid aria-hidden className="size-4" />
                {t('history.browse')}
              </Link>
            }
            className="flex-1 justify-center pb-20"
          />
        )}
        endText={items.length > 5 ? t('common.endOfList') : undefined}
        loadMoreClassName={isEditing ? 'mb-16' : ''}
      >
        {() => (
          <div data-testid="history-list">
            {groups.map((group) => {
              const name = dayName(group.day, now);
              const label = name ? t(`history.${name}`) : formatDay(group.day, now, locale);
              return (
                <section key={group.key} aria-label={label} data-testid="history-day">
                  <h2 className="px-4 pt-4 pb-1 text-[13px] font-semibold text-fg-muted">{label}</h2>
                  <ul>
                    {group.items.map((item) => (
                      <li key={item.dramaId}>
                        <HistoryRow
                          item={item}
                          time={timeFormat.format(new Date(item.updatedAt))}
                          editing={isEditing}
                          selected={selection.isSelected(item.dramaId)}
                          onToggle={() => selection.toggle(item.dramaId)}
                          onRemove={() => run([item.dramaId], t('history.removed'))}
                        />
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
      </InfiniteList>
      {isEditing && (
        <SelectionBar
          selectedCount={selection.selected.length}
          allSelected={selection.allSelected}
          onToggleAll={selection.toggleAll}
          onRemove={() => void removeSelected()}
          busy={remove.isPending}
        />
      )}
    </div>
  );
}
