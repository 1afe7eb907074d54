import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Link } from 'react-router';

interface SectionHeaderProps {
  id?: string;
  title: string;
  /** A "see all" destination, when the row has one. */
  to?: string;
  /** Controls beside the title (a row's scroll buttons on wide screens). */
  children?: ReactNode;
}

export function SectionHeader({ id, title, to, children }: SectionHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3 px-4">
      <h2 id={id} className="min-w-0 truncate text-lg font-bold tracking-tight text-fg lg:text-xl">
        {title}
      </h2>
      {children && <div className="ml-auto flex shrink-0 items-center">{children}</div>}
      {to && (
        <Link
          to={to}
          className="-mr-2 inline-flex min-h-11 shrink-0 items-center gap-0.5 rounded-full px-2 text-[13px] font-medium text-fg-muted active:text-fg"
        >
          {t('common.seeAll')}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      )}
    </div>
  );
}
