import { pointsRecordTypeSchema, type PointsRecord, type PointsRecordType } from '@drama/contracts';
import { ListChecks, ReceiptText } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSearchParams } from 'react-router';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { InfiniteCardList } from '../../../shared/ui/infinite-list/infinite-card-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { useInfinitePointsRecords } from '../api/get-points-records';
import { LoadError } from '../components/load-error';
import { RecordRow, RecordRowSkeleton } from '../components/record-row';
import { RecordTypeChips } from '../components/record-type-chips';

const recordId = (record: PointsRecord) => record.id;

/** The points ledger, newest first, filtered by kind; the filter lives in the address (?type=). */
export function RecordsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = pointsRecordTypeSchema.safeParse(searchParams.get('type'));
  const type = parsed.success ? parsed.data : null;
  const query = useInfinitePointsRecords(type);

  const choose = (next: PointsRecordType | null) => {
    setSearchParams(next ? { type: next } : {}, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="records-page">
      <PageHeader title={t('routes.pointsRecords')} fallback="/points" />
      <div className="sticky top-[calc(env(safe-area-inset-top)+3rem)] z-20 border-b border-line bg-bg/90 py-1 backdrop-blur-xl">
        <RecordTypeChips value={type} onChange={choose} />
      </div>
      <InfiniteCardList
        query={query}
        keyOf={recordId}
        placeholder={RecordRowSkeleton}
        placeholderCount={8}
        data-testid="records-list"
        renderItem={(record) => <RecordRow record={record} />}
        renderError={(error, retry) => <LoadError title={t('points.records.loadFailed')} error={error} onRetry={retry} />}
        renderEmpty={() => (
          <EmptyState
            className="mt-6"
            icon={ReceiptText}
            title={type ? t('points.records.emptyFiltered') : t('points.noRecords')}
            description={t('points.noRecordsBody')}
            action={<EmptyStateLink to="/points/tasks" icon={ListChecks}>{t('points.earnAction')}</EmptyStateLink>}
          />
        )}
      />
    </div>
  );
}
