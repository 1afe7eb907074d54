import { ListChecks, ReceiptText, Store, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';

function Shortcut({ icon: Icon, label, to, tint }: { icon: LucideIcon; label: string; to: string; tint: string }) {
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

/** Where points are earned, spent and accounted for. */
export function PointsShortcuts() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('points.shortcuts')} className="grid grid-cols-3 gap-1 rounded-2xl border border-line bg-surface p-1.5">
      <Shortcut icon={ListChecks} label={t('points.shortcutTasks')} to="/points/tasks" tint="bg-accent-soft text-accent" />
      <Shortcut icon={Store} label={t('points.shortcutMall')} to="/points/mall" tint="bg-gold/15 text-gold" />
      <Shortcut icon={ReceiptText} label={t('points.shortcutRecords')} to="/points/records" tint="bg-info/12 text-info" />
    </nav>
  );
}
