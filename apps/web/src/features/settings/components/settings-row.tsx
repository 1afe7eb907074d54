import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SettingsRowProps {
  icon: LucideIcon;
  label: string;
  to: string;
  /** The current value, shown before the chevron. */
  value?: ReactNode;
}

export function SettingsRow({ icon: Icon, label, to, value }: SettingsRowProps) {
  return (
    <Link to={to} className="flex min-h-13 items-center gap-3 px-4 active:bg-surface-2">
      <Icon aria-hidden className="size-5 shrink-0 text-fg-muted" strokeWidth={1.9} />
      <span className="min-w-0 flex-1 truncate text-[15px]">{label}</span>
      {value && <span className="max-w-[45%] truncate text-sm text-fg-subtle">{value}</span>}
      <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
    </Link>
  );
}

export function SettingsGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h2 className="px-5 pb-2 text-[13px] font-medium text-fg-subtle">{title}</h2>
      <div className="mx-4 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
        {children}
      </div>
    </section>
  );
}
