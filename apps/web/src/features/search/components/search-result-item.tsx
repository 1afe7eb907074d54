import type { SearchHit } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { CoverImage } from '../../../shared/ui/cover-image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { HighlightedText } from './highlighted-text';

const MAX_TAGS = 3;

interface SearchResultItemProps {
  hit: SearchHit;
  keyword: string;
  onOpen: () => void;
  eager?: boolean;
}

/** One drama found: cover, the title and an excerpt with the match marked, tags and episode count. */
export function SearchResultItem({ hit, keyword, onOpen, eager = false }: SearchResultItemProps) {
  const { t } = useTranslation();
  const { drama } = hit;
  const needle = keyword.toLocaleLowerCase();
  const episodes = drama.isCompleted
    ? t('drama.episodes', { count: drama.episodeCount })
    : t('drama.ongoing', { count: drama.episodeCount });
  const allFree = drama.freeEpisodeCount >= drama.episodeCount;

  return (
    <li>
      <Link
        to={`/player/${drama.id}`}
        onClick={onOpen}
        data-testid="search-result"
        data-drama-id={drama.id}
        className="flex gap-3 px-4 py-3 active:bg-surface-2"
      >
        <div className="relative aspect-[3/4] w-[88px] shrink-0 self-start overflow-hidden rounded-xl bg-surface-2 shadow-card">
          <CoverImage src={drama.coverUrl} eager={eager} sizes="88px" className="size-full object-cover" />
          <span
            className={`absolute top-1 right-1 rounded px-1 py-0.5 text-[9px] leading-none font-bold ${
              allFree ? 'bg-accent-fill text-on-accent' : 'bg-gradient-to-r from-gold-fill to-gold-fill-2 text-on-gold'
            }`}
          >
            {allFree ? t('drama.free') : t('drama.vip')}
          </span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <h3
            data-testid="search-result-title"
            className="line-clamp-2 text-[15px] leading-snug font-semibold text-fg [overflow-wrap:anywhere]"
          >
            <HighlightedText text={drama.title} ranges={hit.titleRanges} />
          </h3>
          <p
            data-testid="search-result-snippet"
            className="mt-1 line-clamp-2 text-[13px] leading-relaxed text-fg-muted [overflow-wrap:anywhere]"
          >
            {hit.snippet ? <HighlightedText text={hit.snippet.text} ranges={hit.snippet.ranges} /> : drama.description}
          </p>
          {drama.tags.length > 0 && (
            <ul className="mt-1.5 flex min-w-0 flex-wrap gap-1 overflow-hidden" aria-label={t('search.tags')}>
              {drama.tags.slice(0, MAX_TAGS).map((tag) => {
                const matched = hit.matchedIn.includes('tag') && tag.name.toLocaleLowerCase().includes(needle);
                return (
                  <li
                    key={tag.id}
                    className={`max-w-[9rem] truncate rounded-md px-1.5 py-0.5 text-[11px] leading-tight ${
                      matched ? 'bg-accent-soft font-semibold text-accent' : 'bg-surface-2 text-fg-muted'
                    }`}
                  >
                    {tag.name}
                  </li>
                );
              })}
            </ul>
          )}
          <p data-testid="search-result-meta" className="mt-auto truncate pt-1.5 text-xs text-fg-subtle">
            {[drama.category?.name, episodes].filter(Boolean).join(' · ')}
          </p>
        </div>
      </Link>
    </li>
  );
}

export function SearchResultSkeleton() {
  return (
    <li aria-hidden className="flex gap-3 px-4 py-3">
      <Skeleton className="aspect-[3/4] w-[88px] shrink-0 rounded-xl" />
      <div className="flex min-w-0 flex-1 flex-col pt-0.5">
        <Skeleton className="h-4 w-4/5 rounded-md" />
        <Skeleton className="mt-2.5 h-3 w-full rounded-md" />
        <Skeleton className="mt-1.5 h-3 w-3/4 rounded-md" />
        <div className="mt-2.5 flex gap-1">
          <Skeleton className="h-4 w-12 rounded-md" />
          <Skeleton className="h-4 w-14 rounded-md" />
        </div>
      </div>
    </li>
  );
}
