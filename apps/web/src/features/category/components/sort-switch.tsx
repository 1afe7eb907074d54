import { DRAMA_SORTS, type DramaSort } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, type To } from 'react-router';

interface SortSwitchProps {
  value: DramaSort;
  /** Where each choice leads: the same screen with the sort in the address. */
  linkTo: (sort: DramaSort) => To;
}

/**
 * Hot or latest, as a two-part switch; the choice lives in the address so Back keeps it.
 * Each half reaches past its pill vertically, so the touch target is 48 px tall.
 */
export function SortSwitch({ value, linkTo }: SortSwitchProps) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('category.sortLabel')}
      data-testid="sort-switch"
      className="flex shrink-0 rounded-full bg-surface-2 p-0.5"
    >
      {DRAMA_SORTS.map((sort) => {
        const active = sort === value;
        return (
          <Link
            key={sort}
            to={linkTo(sort)}
            replace
            aria-current={active ? 'true' : undefined}
            data-testid={`sort-${sort}`}
            className={`relative inline-flex h-9 min-w-14 items-center justify-center rounded-full px-3.5 text-[13px] font-semibold transition-colors duration-150 before:absolute before:-inset-y-1.5 before:inset-x-0 before:content-[''] ${
              active ? 'bg-surface text-fg shadow-card dark:bg-surface-3' : 'text-fg-muted active:text-fg'
            }`}
          >
            {t(`category.sort.${sort}`)}
          </Link>
        );
      })}
    </div>
  );
}
