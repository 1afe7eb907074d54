import { ChevronDown, ChevronUp, History, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { confirm } from '../../../shared/ui/confirm/confirm-store';
import { clearSearchHistory, removeSearchTerm, useSearchHistory } from '../lib/search-history';

/** Rows shown before "show all": enough to recognise, few enough to keep the hot list in view. */
const COLLAPSED_ROWS = 5;

export function SearchHistoryPanel({ onPick }: { onPick: (term: string) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const history = useSearchHistory();
  const [expanded, setExpanded] = useState(false);
  if (history.length === 0) return null;

  const shown = expanded ? history : history.slice(0, COLLAPSED_ROWS);
  const clearAll = async () => {
    const confirmed = await confirm({
      title: t('search.clearHistoryTitle'),
      message: t('search.clearHistoryMessage'),
      confirmText: t('search.clearHistoryConfirm'),
      danger: true,
    });
    if (confirmed) clearSearchHistory();
  };

  return (
    <section aria-labelledby={headingId} data-testid="search-history" className="mt-3">
      <div className="flex items-center justify-between pr-1 pl-4">
        <h2 id={headingId} className="text-[15px] font-bold text-fg">
          {t('search.history')}
        </h2>
        <button
          type="button"
          onClick={() => void clearAll()}
          data-testid="search-history-clear"
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-[13px] text-fg-subtle active:bg-surface-2"
        >
          <Trash2 aria-hidden className="size-4" />
          {t('search.clearHistory')}
        </button>
      </div>
      <ul>
        {shown.map((term) => (
          <li key={term} data-testid="search-history-item" className="flex items-center">
            <button
              type="button"
              onClick={() => onPick(term)}
              className="flex min-h-11 min-w-0 flex-1 items-center gap-3 pl-4 text-left text-[15px] text-fg active:bg-surface-2"
            >
              <History aria-hidden className="size-4 shrink-0 text-fg-subtle" />
              <span data-testid="search-history-term" className="min-w-0 truncate">
                {term}
              </span>
            </button>
            <button
              type="button"
              onClick={() => removeSearchTerm(term)}
              aria-label={t('search.removeTerm', { term })}
              data-testid="search-history-remove"
              className="grid size-11 shrink-0 place-items-center text-fg-subtle active:text-fg"
            >
              <X aria-hidden className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      {history.length > COLLAPSED_ROWS && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mx-auto flex min-h-11 items-center gap-1 px-4 text-[13px] text-fg-subtle"
        >
          {expanded ? t('search.showLessHistory') : t('search.showAllHistory')}
          {expanded ? <ChevronUp aria-hidden className="size-4" /> : <ChevronDown aria-hidden className="size-4" />}
        </button>
      )}
    </section>
  );
}
