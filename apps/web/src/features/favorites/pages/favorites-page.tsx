import { Heart, LayoutGrid } from 'lucide-react';
import type { FavoriteItem } from '@drama/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { EditToggle, SelectionBar, useSelection } from '../../../shared/ui/edit-mode';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InfiniteList, useListItems } from '../../../shared/ui/infinite-list/infinite-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useFavorites } from '../api/get-favorites';
import { useRemoveFavorites } from '../api/remove-favorites';
import { FavoriteRow } from '../components/favorite-row';

const favoriteId = (item: FavoriteItem) => item.drama.id;

function RowsSkeleton() {
  return (
    <ul aria-hidden data-testid="favorites-skeleton">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="flex gap-3 px-4 py-2.5">
          <Skeleton className="aspect-[3/4] w-[72px] rounded-lg" />
          <div className="flex flex-1 flex-col justify-center gap-2">
            <Skeleton className="h-4 w-3/4 rounded-md" />
            <Skeleton className="h-3 w-1/3 rounded-md" />
            <Skeleton className="h-3 w-1/4 rounded-md" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** `/favorites`: the member's list; the route guard makes sure there is a member. */
export function FavoritesPage() {
  const { user } = useSession();
  if (!user) return null;
  return <Favorites userId={user.id} />;
}

function Favorites({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useFavorites(userId);
  const remove = useRemoveFavorites(userId);
  const [editing, setEditing] = useState(false);
  const items = useListItems(query.data, favoriteId);
  const ids = useMemo(() => items.map((item) => item.drama.id), [items]);
  const selection = useSelection(ids);
  const isEditing = editing && items.length > 0;

  const removeIds = (dramaIds: number[], done: string) => {
    remove.mutate(dramaIds, {
      onSuccess: () => toast.success(done),
      onError: () => toast.error(t('listEdit.removeFailed')),
    });
  };

  const removeSelected = async () => {
    const chosen = selection.selected;
    if (chosen.length === 0) return;
    const confirmed = await confirm({
      title: t('favorites.removeTitle', { count: chosen.length }),
      message: t('favorites.removeMessage'),
      confirmText: t('listEdit.remove'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    selection.clear();
    removeIds(chosen, t('favorites.removedMany', { count: chosen.length }));
  };

  return (
    <div className="flex flex-1 flex-col" data-testid="favorites-page">
      <PageHeader
        title={t('routes.favorites')}
        fallback="/profile"
        trailing={
          items.length > 0 && (
            <EditToggle
              editing={isEditing}
              onToggle={() => {
                selection.clear();
                setEditing(!isEditing);
              }}
            />
          )
        }
      />
      <InfiniteList
        query={query}
        keyOf={favoriteId}
        skeleton={<RowsSkeleton />}
        errorClassName="flex-1 justify-center"
        renderEmpty={() => (
          <EmptyState
            icon={Heart}
            title={t('favorites.empty')}
            description={t('favorites.emptyHint')}
            action={
              <Link to="/category" className="btn-primary">
                <LayoutGrid aria-hidden className="size-4" />
                {t('favorites.browse')}
              </Link>
            }
            className="flex-1 justify-center pb-20"
          />
        )}
        endText={items.length > 5 ? t('common.endOfList') : undefined}
        loadMoreClassName={isEditing ? 'mb-16' : ''}
      >
        {(shown) => (
          <ul className="divide-y divide-line" data-testid="favorites-list">
            {shown.map((item) => (
              <li key={item.drama.id}>
                <FavoriteRow
                  item={item}
                  editing={isEditing}
                  selected={selection.isSelected(item.drama.id)}
                  onToggle={() => selection.toggle(item.drama.id)}
                  onRemove={() => removeIds([item.drama.id], t('favorites.removed'))}
                />
              </li>
            ))}
          </ul>
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
