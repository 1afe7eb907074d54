import { tagParamsSchema, type DramaSort } from '@drama/contracts';
import { Hash, LayoutGrid } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTagDramas } from '../api/get-tag-dramas';
import { DramaGrid } from '../components/drama-grid';
import { SortSwitch } from '../components/sort-switch';
import { gridSearch, readGridParams } from '../lib/filter-params';

/** `/dramas/tag/{tagName}`: the dramas of one tag, by slug or by its name in any locale. */
export function TagPage() {
  const raw = useParams().tagName ?? '';
  const parsed = tagParamsSchema.safeParse({ tag: raw });
  // A name no tag could have (blank, too long) is as unknown as any other.
  return parsed.success ? <TagDramas key={parsed.data.tag} tag={parsed.data.tag} /> : <UnknownTag name={raw.trim()} />;
}

const MAX_SHOWN_NAME = 32;

/** An address can hold any text; only so much of it is worth repeating back. */
function shorten(name: string): string {
  return name.length > MAX_SHOWN_NAME ? `${name.slice(0, MAX_SHOWN_NAME)}…` : name;
}

/** Not an error: the link was to a tag that does not exist (any more). */
function UnknownTag({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col" data-testid="tag-page">
      <PageHeader title={t('routes.tag')} fallback="/category" />
      <EmptyState
        icon={Hash}
        title={t('tag.unknown')}
        description={name ? t('tag.unknownHint', { name: shorten(name) }) : undefined}
        action={
          <EmptyStateLink to="/category" icon={LayoutGrid} secondary>
            {t('tag.browseCategories')}
          </EmptyStateLink>
        }
        className="flex-1 justify-center pb-20"
      />
    </div>
  );
}

function TagDramas({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { sort } = readGridParams(searchParams);
  const dramas = useTagDramas(tag, sort);
  const first = dramas.data?.pages[0];
  const info = first?.tag;
  const withSort = (next: DramaSort) => ({ search: gridSearch({ category: undefined, sort: next }) });

  if (first && info === null) return <UnknownTag name={tag} />;

  return (
    <div className="flex flex-1 flex-col pb-2" data-testid="tag-page">
      <PageHeader title={info ? `#${info.name}` : t('routes.tag')} fallback="/category" />
      <div className="flex min-h-16 items-center justify-between gap-3 px-4 py-2">
        <div className="flex min-w-0 items-center gap-2.5">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent">
            <Hash aria-hidden className="size-5" strokeWidth={2.4} />
          </span>
          {info ? (
            <div className="min-w-0">
              <h2 className="truncate text-base font-bold" data-testid="tag-name">
                {info.name}
              </h2>
              <p className="text-xs text-fg-subtle tabular-nums">{t('category.total', { count: first?.total ?? 0 })}</p>
            </div>
          ) : (
            <div className="min-w-0" aria-hidden>
              <Skeleton className="h-4 w-24 rounded-md" />
              <Skeleton className="mt-1.5 h-3 w-14 rounded-md" />
            </div>
          )}
        </div>
        <SortSwitch value={sort} linkTo={withSort} />
      </div>
      <DramaGrid
        query={dramas}
        metaOf={(drama) => drama.category?.name}
        empty={
          <EmptyState
            icon={Hash}
            title={t('tag.empty')}
            description={t('tag.emptyHint')}
            action={
              <EmptyStateLink to="/category" secondary>
                {t('tag.browseCategories')}
              </EmptyStateLink>
            }
            className="flex-1 justify-center"
          />
        }
      />
    </div>
  );
}
