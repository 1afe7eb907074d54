import type { Category } from '@drama/contracts';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, type To } from 'react-router';
import { Skeleton } from '../../../shared/ui/skeleton';

interface CategoryTabsProps {
  categories: readonly Category[] | undefined;
  isPending: boolean;
  /** The selected slug; undefined for "All". */
  selected: string | undefined;
  linkTo: (category: string | undefined) => To;
}

const SKELETON_WIDTHS = ['w-12', 'w-16', 'w-14', 'w-16', 'w-12', 'w-16'];

/** "All" and every category as chips in one row that scrolls sideways. */
export function CategoryTabs({ categories, isPending, selected, linkTo }: CategoryTabsProps) {
  const { t } = useTranslation();
  const scrollerRef = useRef<HTMLUListElement>(null);

  // Coming back to a category far along the row: bring its chip into view, without moving the page.
  // "All" is first, where the row starts or was just tapped: reading the layout for it would force
  // the page's first layout inside React's commit, before the browser would have done it anyway.
  useLayoutEffect(() => {
    if (selected === undefined) return;
    const scroller = scrollerRef.current;
    const chip = scroller?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!scroller || !chip) return;
    const target = chip.offsetLeft - (scroller.clientWidth - chip.offsetWidth) / 2;
    scroller.scrollLeft = Math.max(0, target);
  }, [selected, categories]);

  const chips: { slug: string | undefined; name: string }[] = [
    { slug: undefined, name: t('category.all') },
    ...(categories ?? []).map((category) => ({ slug: category.slug, name: category.name })),
  ];

  return (
    <nav aria-label={t('category.tabsLabel')}>
      <ul
        ref={scrollerRef}
        data-testid="category-tabs"
        className="scrollbar-none flex gap-2 overflow-x-auto overscroll-x-contain px-4 pb-1"
      >
        {chips.map((chip) => {
          const active = chip.slug === selected;
          return (
            <li key={chip.slug ?? ''} className="shrink-0">
              {/* The pill is 36 px; the link around it keeps the 44 px touch target. */}
              <Link
                to={linkTo(chip.slug)}
                replace
                aria-current={active ? 'true' : undefined}
                data-testid={`category-tab-${chip.slug ?? 'all'}`}
                className="group flex h-11 max-w-[180px] items-center"
              >
                <span
                  className={`inline-flex h-9 min-w-0 items-center rounded-full px-4 text-sm transition-colors duration-150 ${
                    active
                      ? 'bg-gradient-to-r from-accent-fill-2 to-accent-fill font-semibold text-on-accent shadow-[0_6px_18px_-10px_var(--accent-fill)]'
                      : 'bg-surface-2 font-medium text-fg-muted group-active:bg-surface-3 group-active:text-fg'
                  }`}
                >
                  <span className="truncate">{chip.name}</span>
                </span>
              </Link>
            </li>
          );
        })}
        {isPending &&
          SKELETON_WIDTHS.map((width, index) => (
            <li key={`skeleton-${index}`} className="shrink-0">
              <Skeleton className={`my-1 h-9 rounded-full ${width}`} />
            </li>
          ))}
      </ul>
    </nav>
  );
}
