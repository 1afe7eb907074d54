import type { Feedback } from '@drama/contracts';
import { ChevronRight, ImageIcon, MessageCircle } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { useLocale } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/skeleton';
import { formatDateTime } from '../../../shared/format/date';
import { FeedbackStatusBadge } from './feedback-status-badge';

export function FeedbackRow({ item }: { item: Feedback }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const replies = item.replies.filter((reply) => reply.author === 'support').length;
  return (
    <li>
      <Link
        to={`/feedback/${item.id}`}
        data-testid="feedback-row"
        data-id={item.id}
        className="flex items-start gap-3 px-4 py-3.5 active:bg-surface-2"
      >
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <FeedbackStatusBadge status={item.status} />
            <span className="truncate text-[13px] font-medium text-fg-muted">{t(`feedback.types.${item.type}`)}</span>
          </div>
          <p className="mt-1.5 line-clamp-2 text-[15px] leading-snug [overflow-wrap:anywhere]">{item.content}</p>
          <p className="mt-1.5 flex items-center gap-3 text-xs text-fg-subtle">
            <time dateTime={item.createdAt} className="tabular-nums">
              {formatDateTime(item.createdAt, locale)}
            </time>
            {item.screenshots.length > 0 && (
              <span className="inline-flex items-center gap-1">
                <ImageIcon aria-hidden className="size-3.5" />
                {item.screenshots.length}
              </span>
            )}
            <span className="inline-flex items-center gap-1" data-testid="feedback-reply-count">
              <MessageCircle aria-hidden className="size-3.5" />
              {t('feedback.replyCount', { count: replies })}
            </span>
          </p>
        </div>
        <ChevronRight aria-hidden className="mt-1 size-4 shrink-0 text-fg-subtle" />
      </Link>
    </li>
  );
}

export function FeedbackRowSkeleton() {
  return (
    <li className="px-4 py-3.5">
      <Skeleton className="h-4 w-24 rounded-md" />
      <Skeleton className="mt-2 h-4 w-full rounded-md" />
      <Skeleton className="mt-1.5 h-3 w-1/2 rounded-md" />
    </li>
  );
}
