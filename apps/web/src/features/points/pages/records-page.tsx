import { pointsRecordTypeSchema, type PointsRecordType } from '@drama/contracts';
import { ListChecks, ReceiptText } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadMore } from '../../../shared/ui/load-more';
import { PageHeader } from '../../../shared/ui/page-header';
import { useInfinitePointsRecords } from '../api/get-points-records';
import { LoadError } from '../components/load-error';
import { RecordRow, RecordRowSkeleton } from '../components/record-row';
import { RecordTypeChips } from '../components/record-type-chips';

/** The points ledger, newest first, filtered by kind; the filter lives in the address (?type=). */
export function RecordsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = pointsRecordTypeSchema.safeParse(searchParams.get('type'));
  const type = parsed.success ? parsed.data : null;
  const records = useInfinitePointsRecords(type);
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = records;
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  // A line added between two page loads shifts the pages by one: never show it twice.
  const unique = items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const choose = (next: PointsRecordType | null) => {
    setSearchParams(next ? { type: next } : {}, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="records-page">
      <PageHeader title={t('routes.pointsRecords')} fallback="/points" />
      <div className="sticky top-[calc(env(safe-area-inset-top)+3rem)] z-20 border-b border-line bg-bg/90 py-1 backdrop-blur-xl">
        <RecordTypeChips value={type} onChange={choose} />
      </div>
      {error && !data ? (
        <LoadError title={t('points.records.loadFailed')} error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ul className="mx-4 mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          {Array.from({ length: 8 }, (_, index) => (
            <RecordRowSkeleton key={index} />
          ))}
        </ul>
      ) : unique.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={ReceiptText}
          title={type ? t('points.records.emptyFiltered') : t('points.noRecords')}
          description={t('points.noRecordsBody')}
          action={
            <Link to="/points/tasks" className="btn-primary">
              <ListChecks aria-hidden className="size-4" />
              {t('points.earnAction')}
            </Link>
          }
        />
      ) : (
        <>
          <ul
            className="mx-4 mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
            data-testid="records-list"
          >
            {unique.map((record) => (
              <RecordRow key={record.id} record={record} />
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
