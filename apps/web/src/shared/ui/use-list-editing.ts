import { useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { confirm } from './confirm/confirm-store';
import { useSelection } from './edit-mode';
import { toast } from './toast/toast-store';

/** A list this short is plainly all there is: no "end of the list" under it. */
const SHORT_LIST = 5;

interface Removal<TTarget> {
  mutate: (target: TTarget, callbacks: { onSuccess: () => void; onError: () => void }) => void;
  isPending: boolean;
}

interface ListEditingOptions<TTarget> {
  /** The rows' ids, in order. */
  ids: readonly number[];
  /** Takes rows off the list; may accept more than ids (e.g. everything at once). */
  removal: Removal<TTarget | number[]>;
  /** What the confirmation asks before the ticked rows go. */
  confirmText: (count: number) => { title: string; message: string };
  /** Said once the ticked rows are gone. */
  removedText: (count: number) => string;
}

/**
 * Edit mode of one of the member's own lists (favourites, history): whether it is on, which
 * rows are ticked, and removals that say how they went; the ticked rows go after a confirmation.
 */
export function useListEditing<TTarget>({ ids, removal, confirmText, removedText }: ListEditingOptions<TTarget>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const selection = useSelection(ids);
  const isEditing = editing && ids.length > 0;

  const remove = (target: TTarget | number[], done: string) => {
    removal.mutate(target, {
      onSuccess: () => toast.success(done),
      onError: () => toast.error(t('listEdit.removeFailed')),
    });
  };

  const setMode = (on: boolean) => {
    selection.clear();
    setEditing(on);
  };

  const removeSelected = async () => {
    const chosen = selection.selected;
    if (chosen.length === 0) return;
    const confirmed = await confirm({
      ...confirmText(chosen.length),
      confirmText: t('listEdit.remove'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    selection.clear();
    remove(chosen, removedText(chosen.length));
  };

  return {
    isEditing,
    selection,
    remove,
    setEditing: setMode,
    /** The header's Edit / Done. */
    toggle: () => setMode(!isEditing),
    /** Where the list's states sit: centred in the page; the end line only under a long list, clear of the bar. */
    list: {
      errorClassName: 'flex-1 justify-center',
      endText: ids.length > SHORT_LIST ? t('common.endOfList') : undefined,
      loadMoreClassName: isEditing ? 'mb-16' : '',
    },
    /** What the bar at the bottom shows and does while editing. */
    bar: {
      selectedCount: selection.selected.length,
      allSelected: selection.allSelected,
      onToggleAll: selection.toggleAll,
      onRemove: () => void removeSelected(),
      busy: removal.isPending,
    },
  };
}
