import type { FavoriteItem } from '@drama/contracts';
import { Heart, LayoutGrid } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { CoverRowSkeleton } from '../../../shared/ui/cover-row';
import { EditToggle, SelectionBar } from '../../../shared/ui/edit-mode';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { InfiniteList, useListItems } from '../../../shared/ui/infinite-list/infinite-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { useListEditing } from '../../../shared/ui/use-list-editing';
import { useFavorites } from '../api/get-favorites';
import { useRemoveFavorites } from '../api/remove-favorites';
import { FavoriteRow } from '../components/favorite-row';

const favoriteId = (item: FavoriteItem) => item.drama.id;

function RowsSkeleton() {
  return (
    <ul aria-hidden data-testid="favorites-skeleton">
      {Array.from({ length: 6 }, (_, index) => (
        <CoverRowSkeleton key={index} as="li" lines={['h-4 w-3/4 rounded-md', 'h-3 w-1/3 rounded-md', 'h-3 w-1/4 rounded-md']} />
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
  const removal = useRemoveFavorites(userId);
  const items = useListItems(query.data, favoriteId);
  const ids = useMemo(() => items.map(favoriteId), [items]);
  const edit = useListEditing({
    ids,
    removal,
    confirmText: (count) => ({ title: t('favorites.removeTitle', { count }), message: t('favorites.removeMessage') }),
    removedText: (count) => t('favorites.removedMany', { count }),
  });

  return (
    <div className="flex flex-1 flex-col" data-testid="favorites-page">
      <PageHeader
        title={t('routes.favorites')}
        fallback="/profile"
        trailing={items.length > 0 && <EditToggle editing={edit.isEditing} onToggle={edit.toggle} />}
      />
      <InfiniteList
        query={query}
        keyOf={favoriteId}
        skeleton={<RowsSkeleton />}
        renderEmpty={() => (
          <EmptyState
            icon={Heart}
            title={t('favorites.empty')}
            description={t('favorites.emptyHint')}
            action={<EmptyStateLink to="/category" icon={LayoutGrid}>{t('favorites.browse')}</EmptyStateLink>}
            className="flex-1 justify-center pb-20"
          />
        )}
        {...edit.list}
      >
        {(shown) => (
          <ul className="divide-y divide-line" data-testid="favorites-list">
            {shown.map((item) => (
              <li key={item.drama.id}>
                <FavoriteRow
                  item={item}
                  editing={edit.isEditing}
                  selected={edit.selection.isSelected(item.drama.id)}
                  onToggle={() => edit.selection.toggle(item.drama.id)}
                  onRemove={() => edit.remove([item.drama.id], t('favorites.removed'))}
                />
              </li>
            ))}
          </ul>
        )}
      </InfiniteList>
      {edit.isEditing && <SelectionBar {...edit.bar} />}
    </div>
  );
}
