import { type Notice, noticeTarget } from '@drama/contracts';
import { BellRing, ChevronRight, Crown, Gift, MessageCircle, Receipt } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale, useTranslation } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { noticeText } from '../lib/notice-text';

const ICONS = {
  'new-episode': BellRing,
  'feedback-reply': MessageCircle,
  'vip-ending': Crown,
  'order-result': Receipt,
  'redeem-result': Gift,
} as const;

/**
 * One notice, taking the member where it is about. An unread one is marked read once most of it
 * has been on screen; it keeps its dot for this visit so the member still sees what was new.
 */
export function NoticeRow({ notice, onSeen }: { notice: Notice; onSeen: (id: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ref = useRef<HTMLAnchorElement>(null);
  const { title, body } = noticeText(notice, t, locale);
  const Icon = ICONS[notice.kind];

  useEffect(() => {
    const element = ref.current;
    if (notice.read || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onSeen(notice.id);
        }
      },
      { threshold: 0.6 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [notice.id, notice.read, onSeen]);

  return (
    <li>
      <Link
        ref={ref}
        to={noticeTarget(notice.kind, notice.values)}
        data-testid="notice-row"
        data-kind={notice.kind}
        data-unread={notice.read ? undefined : 'true'}
        className="flex items-start gap-3 px-4 py-3.5 active:bg-surface-2"
      >
        {notice.drama?.cover ? (
          <img src={notice.drama.cover} alt="" width={40} height={53} loading="lazy" className="h-[53px] w-10 shrink-0 rounded-md bg-surface-2 object-cover" />
        ) : (
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
            <Icon aria-hidden className="size-5" strokeWidth={2} />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2">
            <span className={`truncate text-[15px] ${notice.read ? 'font-medium' : 'font-bold'}`}>{title}</span>
            {!notice.read && (
              <span className="size-2 shrink-0 rounded-full bg-accent" role="img" aria-label={t('notices.unread')} data-testid="notice-unread-dot" />
            )}
          </p>
          <p className={`mt-1 line-clamp-2 text-sm leading-snug ${notice.read ? 'text-fg-muted' : 'text-fg'}`}>{body}</p>
          <time dateTime={notice.createdAt} className="mt-1.5 block text-xs text-fg-subtle tabular-nums">
            {formatDateTime(notice.createdAt, locale)}
          </time>
        </div>
        <ChevronRight aria-hidden className="mt-1 size-4 shrink-0 text-fg-subtle" />
      </Link>
    </li>
  );
}

export function NoticeRowSkeleton() {
  return (
    <li className="flex gap-3 px-4 py-3.5">
      <Skeleton className="size-10 shrink-0 rounded-full" />
      <div className="flex-1">
        <Skeleton className="h-4 w-1/2 rounded-md" />
        <Skeleton className="mt-2 h-4 w-full rounded-md" />
        <Skeleton className="mt-1.5 h-3 w-24 rounded-md" />
      </div>
    </li>
  );
}
