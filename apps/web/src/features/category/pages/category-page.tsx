import type { DramaSort } from '@drama/contracts';
import { Clapperboard, LayoutGrid, Search } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { useCategories } from '../api/get-categories';
import { useCategoryDramas } from '../api/get-category-dramas';
import { CategoryTabs } from '../components/category-tabs';
import { DramaGrid } from '../components/drama-grid';
import { SortSwitch } from '../components/sort-switch';
import { gridSearch, readGridParams } from '../lib/filter-params';

export function CategoryPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { category, sort } = readGridParams(searchParams);
  const categories = useCategories();
  const dramas = useCategoryDramas({ category, sort });
  const total = dramas.data?.pages[0]?.total;
  // Categories without dramas are left out, unless the address asks for one.
  const shown = categories.data?.items.filter((item) => item.dramaCount > 0 || item.slug === category);

  const withCategory = (slug: string | undefined) => ({ search: gridSearch({ category: slug, sort }) });
  const withSort = (next: DramaSort) => ({ search: gridSearch({ category, sort: next }) });

  return (
    <div className="flex flex-1 flex-col pb-2" data-testid="category-page">
      <header className="sticky top-0 z-30 border-b border-line bg-bg/85 pt-safe backdrop-blur-xl">
        <div className="flex h-13 items-center justify-between pr-1 pl-4">
          <h1 className="truncate text-[22px] font-bold tracking-tight">{t('routes.category')}</h1>
          <Link to="/search" aria-label={t('routes.search')} className="icon-btn">
            <Search aria-hidden className="size-5" strokeWidth={2.2} />
          </Link>
        </div>
        {categories.error && !categories.data ? (
          <ErrorState
            compact
            error={categories.error}
            onRetry={() => void categories.refetch()}
            className="mx-4 mb-2"
          />
        ) : (
          <CategoryTabs
            categories={shown}
            isPending={categories.isPending}
            selected={category}
            linkTo={withCategory}
          />
        )}
      </header>

      <div className="flex min-h-14 items-center justify-between gap-3 px-4 py-2">
        <p className="min-w-0 truncate text-[13px] text-fg-subtle tabular-nums" data-testid="category-total">
          {total !== undefined && t('category.total', { count: total })}
        </p>
        <SortSwitch value={sort} linkTo={withSort} />
      </div>

      <DramaGrid
        query={dramas}
        metaOf={(drama) => (category ? drama.tags[0]?.name : drama.category?.name)}
        empty={
          <EmptyState
            icon={category ? LayoutGrid : Clapperboard}
            title={t('category.empty')}
            description={category ? t('category.emptyHint') : t('home.emptyCatalogueHint')}
            action={
              category ? (
                <Link to={withCategory(undefined)} replace className="btn-secondary">
                  {t('category.seeAll')}
                </Link>
              ) : undefined
            }
            className="flex-1 justify-center"
          />
        }
      />
    </div>
  );
}
