import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { formatDateTime } from '../format/date';
import { useLocale } from '../i18n/i18n';
import { Skeleton } from './skeleton';

interface LedgerRowProps extends Omit<ComponentProps<'li'>, 'children'> {
  icon: LucideIcon;
  /** The tile's background and the icon's colour. */
  tone: string;
  /** What the entry is, above the time it happened. */
  children: ReactNode;
  /** When it happened (ISO). */
  at: string;
  /** On the right: how much, and a line under it. */
  amount: ReactNode;
}

/** One entry of a history of points or codes: a tile, what and when, how much. */
export function LedgerRow({ icon: Icon, tone, children, at, amount, className = '', ...props }: LedgerRowProps) {
  const locale = useLocale();
  return (
    <li className={`flex items-center gap-3 px-4 py-3 ${className}`} {...props}>
      <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${tone}`}>
        <Icon aria-hidden className="size-5" strokeWidth={2} />
      </span>
      <div className="min-w-0 flex-1">
        {children}
        <p className="mt-0.5 text-xs text-fg-subtle tabular-nums">
          <time dateTime={at}>{formatDateTime(at, locale)}</time>
        </p>
      </div>
      <div className="shrink-0 text-right">{amount}</div>
    </li>
  );
}

interface LedgerRowSkeletonProps {
  /** Tailwind widths of the two lines on the left and the two on the right, as the text they stand for. */
  widths: readonly [title: string, detail: string, amount: string, note: string];
}

export function LedgerRowSkeleton({ widths: [title, detail, amount, note] }: LedgerRowSkeletonProps) {
  return (
    <li aria-hidden className="flex items-center gap-3 px-4 py-3">
      <Skeleton className="size-10 shrink-0 rounded-xl" />
      <div className="flex-1">
        <Skeleton className={`h-4 ${title} rounded-md`} />
        <Skeleton className={`mt-2 h-3 ${detail} rounded-md`} />
      </div>
      <div className="flex flex-col items-end">
        <Skeleton className={`h-4 ${amount} rounded-md`} />
        <Skeleton className={`mt-2 h-3 ${note} rounded-md`} />
      </div>
    </li>
  );
}
