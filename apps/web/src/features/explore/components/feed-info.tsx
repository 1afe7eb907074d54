import type { ExploreItem } from '@drama/contracts';
import { ChevronRight, Hash, Play } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { VideoDescription } from '../../../shared/ui/video-description';

const MAX_TAGS = 3;

/** Bottom left: the drama's title, tags and description, two lines until "More" opens it whole. */
export function FeedInfo({ item }: { item: ExploreItem }) {
  const { t } = useTranslation();
  const { drama, episode } = item;

  return (
    <section data-testid="explore-info" className="pointer-events-auto min-w-0 pb-1 pl-1 drop-shadow-[0_1px_2px_rgb(0_0_0/0.6)]">
      <h2 data-testid="explore-title" className="line-clamp-2 text-[17px] leading-snug font-bold [overflow-wrap:anywhere]">
        <Link to={`/player/${drama.id}?episode=${episode.episodeId}`} className="active:opacity-80">
          {drama.title}
        </Link>
      </h2>
      {drama.tags.length > 0 && (
        <ul className="mt-1.5 flex min-w-0 gap-1.5 overflow-hidden" aria-label={t('explore.tags')}>
          {drama.tags.slice(0, MAX_TAGS).map((tag, index, shown) => (
            // Whole chips first; only the last one gives way when the row is short.
            <li key={tag.id} className={index === shown.length - 1 ? 'min-w-0 shrink' : 'max-w-[10rem] shrink-0'}>
              <Link
                to={`/dramas/tag/${encodeURIComponent(tag.slug)}`}
                data-testid="explore-tag"
                className="inline-flex h-7 max-w-full items-center gap-0.5 rounded-full bg-white/15 px-2.5 text-[12px] font-medium text-white backdrop-blur-md active:bg-white/25"
              >
                <Hash aria-hidden className="size-3 shrink-0 text-white/75" strokeWidth={2.5} />
                <span className="truncate">{tag.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {drama.description && (
        <VideoDescription
          text={drama.description}
          testId="explore-description"
          className="mt-1.5"
          textClassName="text-white/80"
          openClassName="max-h-[45dvh]"
          moreLabel={t('explore.more')}
          lessLabel={t('explore.less')}
        />
      )}
    </section>
  );
}

/** The way into the player, along the bottom: the drama from its first episode. */
export function WatchBar({ item }: { item: ExploreItem }) {
  const { t } = useTranslation();
  const { drama, episode } = item;
  return (
    <Link
      to={`/player/${drama.id}?episode=${episode.episodeId}`}
      data-testid="explore-watch"
      className="pointer-events-auto flex min-h-11 items-center gap-2 rounded-xl bg-white/15 px-3 text-[14px] font-semibold text-white backdrop-blur-md active:bg-white/25"
    >
      <span className="grid size-6 shrink-0 place-items-center rounded-full bg-accent-fill">
        <Play aria-hidden className="size-3 translate-x-px fill-current" strokeWidth={0} />
      </span>
      <span className="min-w-0 flex-1 truncate">{t('explore.watchFromStart')}</span>
      <span className="shrink-0 text-[12px] font-medium text-white/75">
        {drama.isCompleted
          ? t('drama.episodes', { count: drama.episodeCount })
          : t('drama.ongoing', { count: drama.episodeCount })}
      </span>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-white/75" />
    </Link>
  );
}
