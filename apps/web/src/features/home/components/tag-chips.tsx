import { Hash } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { ErrorState } from '../../../shared/ui/error-state';
import { SectionHeader } from '../../../shared/ui/section-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTags } from '../api/get-tags';

const MAX_TAGS = 16;
const SKELETON_WIDTHS = ['w-16', 'w-20', 'w-14', 'w-24', 'w-16', 'w-20', 'w-14', 'w-18'];

export function TagChips() {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, isPending, error, refetch } = useTags();
  const tags = data?.items.filter((tag) => tag.dramaCount > 0).slice(0, MAX_TAGS);

  if (!isPending && !error && tags?.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="tag-chips" className="mt-7">
      <SectionHeader id={headingId} title={t('home.tags')} />
      {error && !data ? (
        <ErrorState compact error={error} onRetry={() => void refetch()} className="mx-4 mt-2.5" />
      ) : (
        <ul className="mt-2.5 flex flex-wrap gap-2 px-4">
          {isPending || !tags
            ? SKELETON_WIDTHS.map((width, index) => (
                <li key={index}>
                  <Skeleton className={`h-9 rounded-full ${width}`} />
                </li>
              ))
            : tags.map((tag) => (
                <li key={tag.id}>
                  <Link
                    to={`/dramas/tag/${encodeURIComponent(tag.slug)}`}
                    className="inline-flex h-9 max-w-[200px] items-center gap-1 rounded-full border border-line bg-surface px-3.5 text-[13px] font-medium text-fg active:border-accent active:text-accent"
                  >
                    <Hash aria-hidden className="size-3.5 shrink-0 text-accent" strokeWidth={2.5} />
                    <span className="truncate">{tag.name}</span>
                    <span className="text-[11px] text-fg-subtle tabular-nums">{tag.dramaCount}</span>
                  </Link>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
