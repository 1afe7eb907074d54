import type { FeedbackReply } from '@drama/contracts';
import { Headset, SearchX } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useFeedback } from '../api/get-feedback';
import { FeedbackStatusBadge } from '../components/feedback-status-badge';
import { formatDateTime } from '../../../shared/format/date';

function ReplyBubble({ reply }: { reply: FeedbackReply }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const support = reply.author === 'support';
  return (
    <li data-testid="feedback-reply" data-author={reply.author} className={`flex gap-2.5 ${support ? '' : 'flex-row-reverse'}`}>
      {support && (
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-success/12 text-success">
          <Headset aria-hidden className="size-4" />
        </span>
      )}
      <div className={`max-w-[80%] min-w-0 ${support ? '' : 'text-right'}`}>
        <p className="px-1 text-xs text-fg-subtle">
          {support ? t('feedback.supportName') : t('feedback.you')} ·{' '}
          <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt, locale)}</time>
        </p>
        <p
          className={`mt-1 rounded-2xl px-3.5 py-2.5 text-left text-[15px] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] ${
            support ? 'rounded-tl-md bg-surface-2' : 'rounded-tr-md bg-accent-fill text-on-accent'
          }`}
        >
          {reply.content}
        </p>
      </div>
    </li>
  );
}

/** One item: what was sent, its screenshots, and the conversation with support. */
export function FeedbackDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: item, error, isPending, refetch } = useFeedback(id);
  const notFound = !valid || (isApiError(error) && error.status === 404);

  return (
    <div className="flex flex-1 flex-col pb-10" data-testid="feedback-detail-page">
      <PageHeader title={t('routes.feedbackDetail')} fallback="/feedback/history" />
      {notFound ? (
        <EmptyState
          className="mt-10"
          icon={SearchX}
          title={t('feedback.notFound')}
          action={<EmptyStateLink to="/feedback/history">{t('routes.feedbackHistory')}</EmptyStateLink>}
        />
      ) : error && !item ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : isPending || !item ? (
        <div className="px-4 pt-4">
          <Skeleton className="h-5 w-32 rounded-md" />
          <Skeleton className="mt-3 h-24 w-full rounded-2xl" />
          <Skeleton className="mt-5 h-16 w-3/4 rounded-2xl" />
        </div>
      ) : (
        <div className="px-4 pt-4">
          <section className="rounded-2xl border border-line bg-surface px-4 py-4">
            <div className="flex items-center gap-2">
              <FeedbackStatusBadge status={item.status} />
              <span className="min-w-0 truncate text-[13px] font-medium text-fg-muted">
                {t(`feedback.types.${item.type}`)}
              </span>
              <time dateTime={item.createdAt} className="ml-auto shrink-0 text-xs text-fg-subtle tabular-nums">
                {formatDateTime(item.createdAt, locale)}
              </time>
            </div>
            <p
              className="mt-3 text-[15px] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]"
              data-testid="feedback-content-text"
            >
              {item.content}
            </p>
            {item.screenshots.length > 0 && (
              <ul className="mt-3 grid grid-cols-3 gap-2" aria-label={t('feedback.screenshots')}>
                {item.screenshots.map((shot, index) => (
                  <li key={shot.id}>
                    <a href={shot.url} target="_blank" rel="noreferrer" className="block">
                      <img
                        src={shot.url}
                        alt={t('feedback.screenshotAlt', { n: index + 1 })}
                        data-testid="feedback-detail-screenshot"
                        className="aspect-square w-full rounded-xl border border-line bg-surface-2 object-cover"
                        loading="lazy"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {item.contact && (
              <p className="mt-3 text-[13px] text-fg-muted [overflow-wrap:anywhere]">
                {t('feedback.contactLabel')}: {item.contact}
              </p>
            )}
          </section>

          <h2 className="mt-6 mb-3 px-1 text-[13px] font-semibold text-fg-muted">{t('feedback.replies')}</h2>
          {item.replies.length === 0 ? (
            <p className="rounded-2xl bg-surface-2 px-4 py-3.5 text-sm leading-relaxed text-fg-muted" data-testid="feedback-no-replies">
              {item.status === 'closed' ? t('feedback.closedNoReply') : t('feedback.awaitingReply')}
            </p>
          ) : (
            <ol className="flex flex-col gap-4" data-testid="feedback-replies">
              {item.replies.map((reply) => (
                <ReplyBubble key={reply.id} reply={reply} />
              ))}
            </ol>
          )}
          {item.status === 'closed' && item.replies.length > 0 && (
            <p className="mt-5 text-center text-xs text-fg-subtle">{t('feedback.closedNote')}</p>
          )}
        </div>
      )}
    </div>
  );
}
