import type { WatchRecordItem } from '@drama/contracts';
import { X } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { CoverImage } from '../../../shared/ui/cover-image';
import { SelectMark } from '../../../shared/ui/edit-mode';

interface HistoryRowProps {
  item: WatchRecordItem;
  /** The time of day it was last watched, already formatted. */
  time: string;
  editing: boolean;
  selected: boolean;
  onToggle: () => void;
  onRemove: () => void;
}

export function HistoryRow({ item, time, editing, selected, onToggle, onRemove }: HistoryRowProps) {
  const { t } = useTranslation();
  const ratio = item.durationSeconds > 0 ? Math.min(1, item.progressSeconds / item.durationSeconds) : 0;
  const percent = Math.round(ratio * 100);

  const body = (
    <>
      <div className="relative aspect-[3/4] w-[72px] shrink-0 overflow-hidden rounded-lg bg-surface-2">
        <CoverImage src={item.drama.coverUrl} sizes="72px" className="size-full object-cover" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-1 py-0.5">
        <h3 className="line-clamp-2 text-[15px] leading-snug font-semibold text-fg [overflow-wrap:anywhere]">
          {item.drama.title}
        </h3>
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
      </div>
    </>
  );

  if (editing) {
    return (
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        aria-label={item.drama.title}
        onClick={onToggle}
        data-testid="history-row"
        className="flex w-full items-center gap-3 px-4 py-2.5 text-left active:bg-surface-2"
      >
        <SelectMark selected={selected} />
        {body}
      </button>
    );
  }

  return (
    <div className="flex items-center gap-1 pr-1.5 pl-4 active:bg-surface-2" data-testid="history-row">
      <Link
        to={`/player/${item.dramaId}?episode=${item.episodeId}`}
        className="flex min-w-0 flex-1 items-stretch gap-3 py-2.5"
      >
        {body}
      </Link>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('history.removeOne', { title: item.drama.title })}
        data-testid="history-remove"
        className="icon-btn text-fg-subtle active:text-accent"
      >
        <X aria-hidden className="size-5" strokeWidth={1.9} />
      </button>
    </div>
  );
}
