import type { FavoriteItem } from '@drama/contracts';
import { HeartOff } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { CoverRow, type RowEditing } from '../../../shared/ui/cover-row';

interface FavoriteRowProps extends RowEditing {
  item: FavoriteItem;
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

export function FavoriteRow({ item, ...edit }: FavoriteRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { drama } = item;
  const progress =
    item.episodeSequence === null
      ? t('favorites.notStarted')
      : t('favorites.episodeOf', { episode: item.episodeSequence, total: item.totalEpisodes });

  return (
    <CoverRow
      {...edit}
      title={drama.title}
      coverUrl={drama.coverUrl}
      to={`/player/${drama.id}`}
      removeLabel={t('favorites.removeOne', { title: drama.title })}
      removeIcon={HeartOff}
      testIds={{ row: 'favorite-row', remove: 'favorite-remove' }}
    >
      <p
        className={`text-[13px] tabular-nums ${item.episodeSequence === null ? 'text-fg-subtle' : 'text-accent'}`}
        data-testid="favorite-progress"
      >
        {progress}
      </p>
      <p className="truncate text-xs text-fg-subtle">{t('favorites.savedOn', { date: savedDate(item.createdAt, locale) })}</p>
    </CoverRow>
  );
}
