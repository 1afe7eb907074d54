import { ChevronRight, LoaderCircle, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

interface SettingsRowProps {
  icon: LucideIcon;
  label: string;
  to: string;
  /** The current value, shown before the chevron. */
  value?: ReactNode;
  testId?: string;
}

export function SettingsRow({ icon: Icon, label, to, value, testId }: SettingsRowProps) {
  return (
    <Link to={to} data-testid={testId} className="flex min-h-13 items-center gap-3 px-4 active:bg-surface-2">
      <Icon aria-hidden className="size-5 shrink-0 text-fg-muted" strokeWidth={1.9} />
      <span className="min-w-0 flex-1 truncate text-[15px]">{label}</span>
      {value && <span className="max-w-[50%] truncate text-sm text-fg-subtle">{value}</span>}
      <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
    </Link>
  );
}

interface SettingsButtonRowProps {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  busy?: boolean;
  testId?: string;
}

/** A row that does something here (clear the cache) instead of opening a page. */
export function SettingsButtonRow({ icon: Icon, label, onClick, busy = false, testId }: SettingsButtonRowProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid={testId}
      className="flex min-h-13 w-full items-center gap-3 px-4 text-left active:bg-surface-2 disabled:opacity-70"
    >
      <Icon aria-hidden className="size-5 shrink-0 text-fg-muted" strokeWidth={1.9} />
      <span className="min-w-0 flex-1 truncate text-[15px]">{label}</span>
      {busy ? (
        <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-fg-subtle" />
      ) : (
        <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
      )}
    </button>
  );
}

interface SettingsSwitchRowProps {
  icon: LucideIcon;
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}

/** An on/off setting: the whole row is the switch, so the target is the row's full height. */
export function SettingsSwitchRow({ icon: Icon, label, description, checked, onChange, testId }: SettingsSwitchRowProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-describedby={description ? descriptionId : undefined}
      onClick={() => onChange(!checked)}
      data-testid={testId}
      className="flex min-h-15 w-full items-center gap-3 px-4 py-2.5 text-left active:bg-surface-2"
    >
      <Icon aria-hidden className="size-5 shrink-0 text-fg-muted" strokeWidth={1.9} />
      <span className="min-w-0 flex-1">
        <span id={labelId} className="block truncate text-[15px]">
          {label}
        </span>
        {description && (
          <span id={descriptionId} className="mt-0.5 block text-xs leading-snug text-fg-subtle">
            {description}
          </span>
        )}
      </span>
      <span
        aria-hidden
        className={`relative h-[30px] w-[50px] shrink-0 rounded-full transition-colors duration-200 ${
          checked ? 'bg-accent-fill' : 'bg-surface-3'
        }`}
      >
        <span
          className={`absolute top-[3px] left-[3px] size-6 rounded-full bg-white shadow-[0_2px_6px_rgb(0_0_0/0.25)] transition-transform duration-200 ease-out ${
            checked ? 'translate-x-5' : 'translate-x-0'
          }`}
        />
      </span>
    </button>
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
