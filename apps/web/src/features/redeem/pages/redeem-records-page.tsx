import type { RedeemRecord } from '@drama/contracts';
import { Ticket } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { CardList } from '../../../shared/ui/card-list';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InfiniteList } from '../../../shared/ui/infinite-list/infinite-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { Placeholders } from '../../../shared/ui/skeleton';
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
      <InfiniteList
        query={query}
        keyOf={recordId}
        skeleton={
          <CardList className="mt-3">
            <Placeholders count={6} of={RedeemRecordSkeleton} />
          </CardList>
        }
        renderEmpty={() => (
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
        )}
        endText={t('common.endOfList')}
      >
        {(records) => (
          <CardList className="mt-3" data-testid="redeem-records-list">
            {records.map((record) => (
              <RedeemRecordRow key={record.id} record={record} />
            ))}
          </CardList>
        )}
      </InfiniteList>
    </div>
  );
}
