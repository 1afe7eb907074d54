import { ChevronRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

interface NavCardProps {
  to: string;
  icon: LucideIcon;
  /** The icon tile's background and colour. */
  tone: string;
  label: string;
  className?: string;
}

/** A card-sized link to a page next to this one: a tinted icon, its name, a chevron. */
export function NavCard({ to, icon: Icon, tone, label, className = '' }: NavCardProps) {
  return (
    <Link
      to={to}
      className={`flex min-h-13 items-center gap-3 rounded-2xl border border-line bg-surface px-4 active:bg-surface-2 ${className}`}
    >
      <span className={`grid size-8 shrink-0 place-items-center rounded-[10px] ${tone}`}>
        <Icon aria-hidden className="size-[18px]" />
      </span>
      <span className="min-w-0 flex-1 truncate text-[15px]">{label}</span>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
    </Link>
  );
}
