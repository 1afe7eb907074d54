import { ChevronLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Link, useLocation, useNavigate } from 'react-router';

interface PageHeaderProps {
  title: string;
  /** Where Back goes when there is no in-app history (the page was opened directly). */
  fallback?: string;
  trailing?: ReactNode;
}

/** The top bar of a sub-page: back, a centred title, an optional action. */
export function PageHeader({ title, fallback = '/', trailing }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The first entry of a session has key "default"; going back from it would leave the app.
  const canGoBack = location.key !== 'default';
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-bg/85 pt-safe backdrop-blur-xl">
      <div className="relative flex h-12 items-center px-1">
        <button
          type="button"
          aria-label={t('common.back')}
          className="icon-btn"
          onClick={() => (canGoBack ? navigate(-1) : navigate(fallback, { replace: true }))}
        >
          <ChevronLeft aria-hidden className="size-6" />
        </button>
        <h1 className="pointer-events-none absolute inset-x-14 truncate text-center text-[17px] font-semibold">
          {title}
        </h1>
        <div className="ml-auto flex items-center">{trailing}</div>
      </div>
    </header>
  );
}

interface HeaderLinkProps {
  to: string;
  /** The name of where it leads: the icon alone says nothing to a screen reader. */
  label: string;
  icon: LucideIcon;
}

/** An icon in the top bar that leads to a page next to this one, e.g. this screen's records. */
export function HeaderLink({ to, label, icon: Icon }: HeaderLinkProps) {
  return (
    <Link to={to} className="icon-btn" aria-label={label}>
      <Icon aria-hidden className="size-[22px]" strokeWidth={1.9} />
    </Link>
  );
}
