import type { PointsSummary } from '@drama/contracts';
import { Check, Flame, Gift, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { checkInStrip, type StripDay } from '../lib/check-in-strip';
import { formatPoints } from '../lib/format';

function cellClass(cell: StripDay): string {
  if (cell.done) return cell.isToday ? 'bg-gold/20 text-gold ring-2 ring-gold/60' : 'bg-gold/15 text-gold';
  if (cell.isToday) return 'bg-accent-soft text-accent ring-2 ring-accent';
  return 'bg-surface-2 text-fg-muted';
}

function StripCell({ cell }: { cell: StripDay }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const Icon = cell.done ? Check : Gift;
  return (
    <li
      className={`flex min-w-0 flex-col items-center gap-1 rounded-xl px-0.5 pt-2 pb-1.5 ${cellClass(cell)}`}
      data-testid="check-in-day"
      data-state={cell.done ? 'done' : cell.isToday ? 'today' : 'upcoming'}
      aria-current={cell.isToday ? 'date' : undefined}
    >
      <span className="text-[12px] leading-none font-bold tabular-nums">+{formatPoints(cell.reward, locale)}</span>
      <span className={`grid size-6 place-items-center rounded-full ${cell.done ? 'bg-gold text-bg' : 'bg-current/12'}`}>
        <Icon aria-hidden className="size-3.5" strokeWidth={cell.done ? 3 : 2.25} />
      </span>
      <span className="w-full truncate text-center text-[10px] leading-tight font-medium">
        {cell.isToday ? t('points.checkIn.today') : t('points.checkIn.day', { day: cell.day })}
      </span>
    </li>
  );
}

interface CheckInCardProps {
  summary: PointsSummary | undefined;
  /** Today's reward as the server reckons it (with the streak bonus); the strip's figure until known. */
  todayReward: number | undefined;
  onCheckIn: () => void;
  pending: boolean;
}

/** The streak of the last seven days, today's bonus, and the check-in itself. */
export function CheckInCard({ summary, todayReward, onCheckIn, pending }: CheckInCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  if (!summary) {
    return (
      <section aria-hidden className="rounded-2xl border border-line bg-surface p-4">
        <Skeleton className="h-5 w-32 rounded-md" />
        <Skeleton className="mt-2 h-3.5 w-48 rounded-md" />
        <div className="mt-3.5 grid grid-cols-7 gap-1.5">
          {Array.from({ length: 7 }, (_, index) => (
            <Skeleton key={index} className="h-[68px] rounded-xl" />
          ))}
        </div>
        <Skeleton className="mt-4 h-12 w-full rounded-full" />
      </section>
    );
  }
  const strip = checkInStrip(summary.checkInStreak, summary.checkedInToday, summary.checkInRewards);
  const reward = todayReward ?? strip.find((cell) => cell.isToday)?.reward ?? 0;
  const checked = summary.checkedInToday;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line bg-surface p-4" data-testid="check-in-card">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-bold">
            {t('points.checkIn.title')}
          </h2>
          <p className="mt-0.5 text-[13px] leading-snug text-fg-muted" data-testid="check-in-streak">
            {summary.checkInStreak > 0
              ? t('points.checkIn.streak', { count: summary.checkInStreak })
              : t('points.checkIn.streakNone')}
          </p>
        </div>
        {summary.checkInStreak > 0 && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent-soft px-2.5 py-1 text-[13px] font-bold text-accent tabular-nums">
            <Flame aria-hidden className="size-4" strokeWidth={2.25} />
            {summary.checkInStreak}
          </span>
        )}
      </div>
      <ol className="mt-3.5 grid grid-cols-7 gap-1.5" aria-label={t('points.checkIn.stripLabel')}>
        {strip.map((cell) => (
          <StripCell key={cell.day} cell={cell} />
        ))}
      </ol>
      <button
        type="button"
        onClick={onCheckIn}
        disabled={checked || pending}
        aria-busy={pending || undefined}
        data-testid="check-in-button"
        className={
          checked
            ? 'mt-4 inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-surface-2 text-[15px] font-semibold text-fg-muted'
            : 'btn-primary mt-4 h-12 w-full text-base disabled:opacity-60'
        }
      >
        {pending ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin" />
        ) : checked ? (
          <Check aria-hidden className="size-5" strokeWidth={2.5} />
        ) : null}
        {checked ? t('points.checkIn.done') : t('points.checkIn.button', { points: formatPoints(reward, locale) })}
      </button>
    </section>
  );
}
