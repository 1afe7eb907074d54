import type { WatchRecordItem } from '@drama/contracts';
import { X } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { CoverRow, type RowEditing } from '../../../shared/ui/cover-row';

interface HistoryRowProps extends RowEditing {
  item: WatchRecordItem;
  /** The time of day it was last watched, already formatted. */
  time: string;
}

export function HistoryRow({ item, time, ...edit }: HistoryRowProps) {
  const { t } = useTranslation();
  const ratio = item.durationSeconds > 0 ? Math.min(1, item.progressSeconds / item.durationSeconds) : 0;
  const percent = Math.round(ratio * 100);

  return (
    <CoverRow
      {...edit}
      title={item.drama.title}
      // Under the day's heading.
      titleAs="h3"
      coverUrl={item.drama.coverUrl}
      to={`/player/${item.dramaId}?episode=${item.episodeId}`}
      removeLabel={t('history.removeOne', { title: item.drama.title })}
      removeIcon={X}
      testIds={{ row: 'history-row', remove: 'history-remove' }}
    >
      <p className="text-[13px] text-accent tabular-nums" data-testid="history-episode">
        {t('history.episodeOf', { episode: item.episodeSequence, total: item.totalEpisodes })}
      </p>
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={t('history.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1 max-w-[140px] flex-1 overflow-hidden rounded-full bg-surface-3"
        >
          <div className="h-full rounded-full bg-accent-fill" style={{ width: `${percent}%` }} />
        </div>
        <time dateTime={item.updatedAt} className="shrink-0 text-xs text-fg-subtle tabular-nums">
          {time}
        </time>
      </div>
    </CoverRow>
  );
}
