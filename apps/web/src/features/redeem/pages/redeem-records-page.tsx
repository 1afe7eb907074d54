import type { RedeemRecord } from '@drama/contracts';
import { Ticket } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { InfiniteCardList } from '../../../shared/ui/infinite-list/infinite-card-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { useInfiniteRedeemRecords } from '../api/get-redeem-records';
import { RedeemRecordRow, RedeemRecordSkeleton } from '../components/redeem-record-row';

const recordId = (record: RedeemRecord) => record.id;

/** Every code this member redeemed, newest first. */
export function RedeemRecordsPage() {
  const { t } = useTranslation();
  const query = useInfiniteRedeemRecords();

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="redeem-records-page">
      <PageHeader title={t('routes.redeemRecords')} fallback="/redeem" />
      <InfiniteCardList
        query={query}
        keyOf={recordId}
        placeholder={RedeemRecordSkeleton}
        placeholderCount={6}
        data-testid="redeem-records-list"
        renderItem={(record) => <RedeemRecordRow record={record} />}
        renderEmpty={() => (
          <EmptyState
            className="mt-10"
            icon={Ticket}
            title={t('redeem.recordsEmpty')}
            description={t('redeem.recordsEmptyBody')}
            action={<EmptyStateLink to="/redeem" icon={Ticket}>{t('routes.redeem')}</EmptyStateLink>}
          />
        )}
      />
    </div>
  );
}
