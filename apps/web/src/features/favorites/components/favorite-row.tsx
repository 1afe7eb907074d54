import type { FavoriteItem } from '@drama/contracts';
import { HeartOff } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/i18n';
import { CoverImage } from '../../../shared/ui/cover-image';
import { SelectMark } from '../../../shared/ui/edit-mode';

interface FavoriteRowProps {
  item: FavoriteItem;
  editing: boolean;
  selected: boolean;
  onToggle: () => void;
  onRemove: () => void;
}

/** "Mar 3", with the year only when it is not this year's. */
function savedDate(iso: string, locale: string): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

export function FavoriteRow({ item, editing, selected, onToggle, onRemove }: FavoriteRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { drama } = item;
  const progress =
    item.episodeSequence === null
      ? t('favorites.notStarted')
      : t('favorites.episodeOf', { episode: item.episodeSequence, total: item.totalEpisodes });

  const body = (
    <>
      <div className="relative aspect-[3/4] w-[72px] shrink-0 overflow-hidden rounded-lg bg-surface-2">
        <CoverImage src={drama.coverUrl} sizes="72px" className="size-full object-cover" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-1 py-0.5">
        <h2 className="line-clamp-2 text-[15px] leading-snug font-semibold text-fg [overflow-wrap:anywhere]">
          {drama.title}
        </h2>
        <p
          className={`text-[13px] tabular-nums ${item.episodeSequence === null ? 'text-fg-subtle' : 'text-accent'}`}
          data-testid="favorite-progress"
        >
          {progress}
        </p>
        <p className="truncate text-xs text-fg-subtle">{t('favorites.savedOn', { date: savedDate(item.createdAt, locale) })}</p>
      </div>
    </>
  );

  if (editing) {
    return (
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        aria-label={drama.title}
        onClick={onToggle}
        data-testid="favorite-row"
        className="flex w-full items-center gap-3 px-4 py-2.5 text-left active:bg-surface-2"
      >
        <SelectMark selected={selected} />
        {body}
      </button>
    );
  }

  return (
    <div className="flex items-center gap-1 pr-1.5 pl-4 active:bg-surface-2" data-testid="favorite-row">
      <Link to={`/player/${drama.id}`} className="flex min-w-0 flex-1 items-stretch gap-3 py-2.5">
        {body}
      </Link>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('favorites.removeOne', { title: drama.title })}
        data-testid="favorite-remove"
        className="icon-btn text-fg-subtle active:text-accent"
      >
        <HeartOff aria-hidden className="size-5" strokeWidth={1.9} />
      </button>
    </div>
  );
}
