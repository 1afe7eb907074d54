import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const ROW = 'flex min-h-13 w-full items-center gap-3 px-4 text-left active:bg-surface-2';

interface EntryProps {
  icon: LucideIcon;
  label: string;
  /** A page to open, or an action for entries that open a sheet. */
  to?: string;
  onClick?: () => void;
  tint: string;
}

function EntryContent({ icon: Icon, label, tint }: Pick<EntryProps, 'icon' | 'label' | 'tint'>) {
  return (
    <>
      <span className={`grid size-8 shrink-0 place-items-center rounded-[10px] ${tint}`}>
        <Icon aria-hidden className="size-[18px]" strokeWidth={2} />
      </span>
      <span className="min-w-0 flex-1 truncate text-[15px]">{label}</span>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
    </>
  );
}

export function ProfileEntry({ icon, label, to, onClick, tint }: EntryProps) {
  if (to) {
    return (
      <Link to={to} className={ROW}>
        <EntryContent icon={icon} label={label} tint={tint} />
      </Link>
    );
  }
  return (
    <button type="button" onClick={onClick} className={ROW}>
      <EntryContent icon={icon} label={label} tint={tint} />
    </button>
  );
}

export function ProfileEntryGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h2 className="sr-only">{title}</h2>
      <div className="mx-4 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
        {children}
      </div>
    </section>
  );
}

interface ShortcutProps {
  icon: LucideIcon;
  label: string;
  to: string;
  tint: string;
}

/** One of the four big shortcuts under the VIP card. */
export function ProfileShortcut({ icon: Icon, label, to, tint }: ShortcutProps) {
  return (
    <Link
      to={to}
      className="flex min-h-[76px] flex-col items-center justify-center gap-1.5 rounded-2xl px-1 text-center active:bg-surface-2"
    >
      <span className={`grid size-10 place-items-center rounded-2xl ${tint}`}>
        <Icon aria-hidden className="size-5" strokeWidth={2} />
      </span>
      <span className="line-clamp-1 text-xs font-medium text-fg-muted">{label}</span>
    </Link>
  );
}
