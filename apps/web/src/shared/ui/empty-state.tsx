import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  /** The next step: a link or button that gets the user somewhere useful. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className = '' }: EmptyStateProps) {
  return (
    <div className={`flex flex-col items-center px-8 py-10 text-center ${className}`}>
      <div className="grid size-16 place-items-center rounded-full bg-surface-2 text-fg-subtle">
        <Icon aria-hidden className="size-7" strokeWidth={1.75} />
      </div>
      <p className="mt-4 text-base font-semibold text-fg">{title}</p>
      {description && <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-fg-muted">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

interface EmptyStateLinkProps {
  to: string;
  icon?: LucideIcon;
  /** The quieter button, where going there is not the obvious next step. */
  secondary?: boolean;
  children: ReactNode;
}

/** The usual action of an empty state: a button that leads where there is something. */
export function EmptyStateLink({ to, icon: Icon, secondary = false, children }: EmptyStateLinkProps) {
  return (
    <Link to={to} className={secondary ? 'btn-secondary' : 'btn-primary'}>
      {Icon && <Icon aria-hidden className="size-4" />}
      {children}
    </Link>
  );
}
