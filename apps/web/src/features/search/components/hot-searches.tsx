import { Flame } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useHotSearches } from '../api/get-hot-searches';

const MAX_ITEMS = 10;

/** The top three carry the ranking colours the genre uses: red, orange, gold. */
const TOP_RANK_STYLES = ['text-[#ff2d55]', 'text-[#ff7a2e]', 'text-[#e3a23b]'];

export function HotSearches({ onPick }: { onPick: (term: string) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, isPending, error, refetch } = useHotSearches();
  const items = data?.items.slice(0, MAX_ITEMS);

  if (!isPending && !error && items?.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="hot-searches" className="mx-4 mt-4 mb-6">
      <div className="overflow-hidden rounded-2xl border border-line bg-gradient-to-b from-accent-soft to-surface">
        <h2 id={headingId} className="flex items-center gap-1.5 px-4 pt-3.5 pb-1 text-[15px] font-bold text-fg">
          <Flame aria-hidden className="size-[18px] fill-accent-fill-2 text-accent" strokeWidth={2} />
          {t('search.hot')}
        </h2>
        {error && !data ? (
          <ErrorState compact error={error} onRetry={() => void refetch()} className="m-3 border-none" />
        ) : (
          <ol className="grid grid-cols-2 gap-x-3 px-2 pb-2">
            {isPending || !items
              ? Array.from({ length: 8 }, (_, index) => (
                  <li key={index} className="flex h-11 items-center gap-3 px-2">
                    <Skeleton className="size-4 rounded" />
                    <Skeleton className="h-3.5 flex-1 rounded-md" />
                  </li>
                ))
              : items.map((item, index) => (
                  <li key={item.keyword} data-testid="hot-search-item">
                    <button
                      type="button"
                      onClick={() => onPick(item.keyword)}
                      className="flex min-h-11 w-full min-w-0 items-center gap-2.5 rounded-xl px-2 text-left active:bg-surface-2"
                    >
                      <span
                        aria-hidden
                        data-testid="hot-search-rank"
                        className={`w-5 shrink-0 text-center text-[15px] font-black tabular-nums italic ${
                          TOP_RANK_STYLES[index] ?? 'text-fg-subtle'
                        }`}
                      >
                        {index + 1}
                      </span>
                      <span className="sr-only">{t('drama.rank', { rank: index + 1 })}</span>
                      <span
                        data-testid="hot-search-term"
                        className={`min-w-0 truncate text-[14px] ${index < 3 ? 'font-semibold text-fg' : 'text-fg-muted'}`}
                      >
                        {item.keyword}
                      </span>
                    </button>
                  </li>
                ))}
          </ol>
        )}
      </div>
    </section>
  );
}
