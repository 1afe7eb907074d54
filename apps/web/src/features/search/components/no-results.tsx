import { SearchX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useDramas } from '../../home';
import { DramaCard } from '../../../shared/ui/drama-card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { DramaCardSkeleton } from '../../../shared/ui/skeleton';

const POPULAR = { sort: 'hot', limit: 6 } as const;

/** Nothing matched: say so kindly and offer what most people are watching instead. */
export function NoResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const popular = useDramas(POPULAR);
  const dramas = popular.data?.items;

  return (
    <div data-testid="search-empty" className="pb-6">
      <EmptyState
        icon={SearchX}
        title={t('search.noResults', { keyword })}
        description={t('search.noResultsHint')}
        className="pt-8 pb-4 [overflow-wrap:anywhere]"
      />
      {!popular.isError && dramas?.length !== 0 && (
        <section aria-labelledby={headingId} data-testid="search-popular" className="mt-2 px-4">
          <h2 id={headingId} className="text-[15px] font-bold text-fg">
            {t('search.popular')}
          </h2>
          <div className="mt-2.5 grid grid-cols-3 gap-x-2.5 gap-y-4">
            {popular.isPending || !dramas
              ? Array.from({ length: POPULAR.limit }, (_, index) => <DramaCardSkeleton key={index} />)
              : dramas.map((drama, index) => (
                  <DramaCard key={drama.id} drama={drama} rank={index + 1} meta={drama.category?.name} />
                ))}
          </div>
        </section>
      )}
    </div>
  );
}
