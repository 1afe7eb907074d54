import { Ticket } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { LoadMore } from '../../../shared/ui/load-more';
import { PageHeader } from '../../../shared/ui/page-header';
import { useInfiniteRedeemRecords } from '../api/get-redeem-records';
import { RedeemRecordRow, RedeemRecordSkeleton } from '../components/redeem-record-row';

/** Every code this member redeemed, newest first. */
export function RedeemRecordsPage() {
  const { t } = useTranslation();
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useInfiniteRedeemRecords();
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const unique = items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="redeem-records-page">
      <PageHeader title={t('routes.redeemRecords')} fallback="/redeem" />
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ul className="mx-4 mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          {Array.from({ length: 6 }, (_, index) => (
            <RedeemRecordSkeleton key={index} />
          ))}
        </ul>
      ) : unique.length === 0 ? (
        <EmptyState
          className="mt-10"
          icon={Ticket}
          title={t('redeem.recordsEmpty')}
          description={t('redeem.recordsEmptyBody')}
          action={
            <Link to="/redeem" className="btn-primary">
              <Ticket aria-hidden className="size-4" />
              {t('routes.redeem')}
            </Link>
          }
        />
      ) : (
        <>
          <ul
            className="mx-4 mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
            data-testid="redeem-records-list"
          >
            {unique.map((record) => (
              <RedeemRecordRow key={record.id} record={record} />
            ))}
          </ul>
          <LoadMore
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            onLoadMore={loadMore}
            error={data ? error : undefined}
            endText={t('common.endOfList')}
          />
        </>
      )}
    </div>
  );
}
