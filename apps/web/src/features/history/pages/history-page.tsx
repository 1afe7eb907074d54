import { useQueryClient } from '@tanstack/react-query';
import type { WatchRecordItem } from '@drama/contracts';
import { History, LayoutGrid, Trash2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { CoverRowSkeleton } from '../../../shared/ui/cover-row';
import { EditToggle, SelectionBar } from '../../../shared/ui/edit-mode';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { InfiniteList, useListItems } from '../../../shared/ui/infinite-list/infinite-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useListEditing } from '../../../shared/ui/use-list-editing';
import { useUserSettings } from '../../../shared/user-settings/user-settings';
import { mergeLocalWatchHistory } from '../../../shared/watch-history/merge-local-history';
import { useWatchHistory } from '../api/get-watch-history';
import { useRemoveWatchRecords } from '../api/remove-watch-records';
import { HistoryOffEmpty, HistoryOffNotice } from '../components/history-off-notice';
import { HistoryRow } from '../components/history-row';
import { dayName, formatDay, groupByDay } from '../lib/day-groups';

const recordDramaId = (item: WatchRecordItem) => item.dramaId;

function RowsSkeleton() {
  return (
    <div aria-hidden data-testid="history-skeleton" className="pt-2">
      <Skeleton className="mx-4 mt-3 mb-2 h-4 w-16 rounded-md" />
      {Array.from({ length: 5 }, (_, index) => (
        <CoverRowSkeleton key={index} as="div" lines={['h-4 w-3/4 rounded-md', 'h-3 w-1/3 rounded-md', 'h-1 w-1/2 rounded-full']} />
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
  const removal = useRemoveWatchRecords(userId);
  // Off: what is listed is older, nothing new joins it; the page says so and offers to turn it on.
  const historyOn = useUserSettings().privacy.history;

  // What this device watched as a guest and could not be merged at sign-in gets another try
  // (and once more when history is turned back on: the merge waits while it is off).
  useEffect(() => {
    void mergeLocalWatchHistory(queryClient, userId);
  }, [queryClient, userId, historyOn]);

  const items = useListItems(query.data, recordDramaId);
  const ids = useMemo(() => items.map(recordDramaId), [items]);
  const edit = useListEditing({
    ids,
    removal,
    confirmText: (count) => ({ title: t('history.removeTitle', { count }), message: t('history.removeMessage') }),
    removedText: (count) => t('history.removedMany', { count }),
  });
  const groups = useMemo(() => groupByDay(items, (item) => new Date(item.updatedAt)), [items]);
  const now = new Date();
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });

  const clearAll = async () => {
    const confirmed = await confirm({
      title: t('history.clearTitle'),
      message: t('history.clearMessage'),
      confirmText: t('history.clear'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    edit.setEditing(false);
    edit.remove('all', t('history.cleared'));
  };

  return (
    <div className="flex flex-1 flex-col" data-testid="history-page">
      <PageHeader
        title={t('routes.history')}
        fallback="/profile"
        trailing={
          items.length > 0 && (
            <>
              {!edit.isEditing && (
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
              <EditToggle editing={edit.isEditing} onToggle={edit.toggle} />
            </>
          )
        }
      />
      {!historyOn && items.length > 0 && <HistoryOffNotice />}
      <InfiniteList
        query={query}
        keyOf={recordDramaId}
        skeleton={<RowsSkeleton />}
        renderEmpty={() =>
          historyOn ? (
            <EmptyState
              icon={History}
              title={t('history.empty')}
              description={t('history.emptyHint')}
              action={<EmptyStateLink to="/category" icon={LayoutGrid}>{t('history.browse')}</EmptyStateLink>}
              className="flex-1 justify-center pb-20"
            />
          ) : (
            <HistoryOffEmpty />
          )
        }
        {...edit.list}
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
                          editing={edit.isEditing}
                          selected={edit.selection.isSelected(item.dramaId)}
                          onToggle={() => edit.selection.toggle(item.dramaId)}
                          onRemove={() => edit.remove([item.dramaId], t('history.removed'))}
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
      {edit.isEditing && <SelectionBar {...edit.bar} />}
    </div>
  );
}
