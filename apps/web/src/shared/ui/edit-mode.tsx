import { Check, LoaderCircle, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/i18n';

/**
 * Pieces of the edit mode of a personal list (favourites, history): a header toggle, a round
 * check mark per row and a bar at the bottom to act on the selection.
 */

export function EditToggle({ editing, onToggle }: { editing: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={editing}
      data-testid="edit-toggle"
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-[15px] font-semibold text-accent active:bg-accent-soft"
    >
      {editing ? t('listEdit.done') : t('listEdit.edit')}
    </button>
  );
}

/** The visual check mark; the row around it carries the checkbox role and label. */
export function SelectMark({ selected }: { selected: boolean }) {
  return (
    <span
      aria-hidden
      className={`grid size-6 shrink-0 place-items-center rounded-full border-2 transition-colors duration-150 ${
        selected ? 'border-accent-fill bg-accent-fill text-on-accent' : 'border-line-strong bg-surface'
      }`}
    >
      {selected && <Check className="size-3.5" strokeWidth={3.5} />}
    </span>
  );
}

interface SelectionBarProps {
  selectedCount: number;
  allSelected: boolean;
  onToggleAll: () => void;
  onRemove: () => void;
  busy?: boolean;
}

/** Sits on top of the tab bar while the list is being edited. */
export function SelectionBar({ selectedCount, allSelected, onToggleAll, onRemove, busy = false }: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="selection-bar"
      className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-40 mx-auto flex max-w-[480px] animate-fade-in lg:bottom-0 lg:left-[88px] lg:max-w-[720px] items-center gap-3 border-t border-line bg-surface/95 px-4 py-2 backdrop-blur-xl"
    >
      <button
        type="button"
        onClick={onToggleAll}
        className="inline-flex min-h-11 items-center gap-2 rounded-full pr-3 text-[15px] font-medium text-fg active:bg-surface-2"
      >
        <SelectMark selected={allSelected} />
        {allSelected ? t('listEdit.deselectAll') : t('listEdit.selectAll')}
      </button>
      <button
        type="button"
        onClick={onRemove}
        disabled={selectedCount === 0 || busy}
        data-testid="remove-selected"
        className="ml-auto inline-flex min-h-11 items-center gap-1.5 rounded-full bg-accent-fill px-5 text-[15px] font-semibold text-on-accent transition-opacity duration-150 active:scale-[0.97] disabled:opacity-40"
      >
        {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Trash2 aria-hidden className="size-4" />}
        {selectedCount > 0 ? t('listEdit.removeCount', { count: selectedCount }) : t('listEdit.remove')}
      </button>
    </div>
  );
}

/** Which rows are ticked; ticks of rows that left the list no longer count. */
export function useSelection<K>(keys: readonly K[]) {
  const [picked, setPicked] = useState<ReadonlySet<K>>(() => new Set());
  const selected = useMemo(() => keys.filter((key) => picked.has(key)), [keys, picked]);
  const allSelected = keys.length > 0 && selected.length === keys.length;

  const toggle = useCallback((key: K) => {
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => setPicked(allSelected ? new Set() : new Set(keys)), [allSelected, keys]);
  const clear = useCallback(() => setPicked(new Set()), []);

  return { selected, isSelected: (key: K) => picked.has(key), toggle, toggleAll, clear, allSelected };
}
