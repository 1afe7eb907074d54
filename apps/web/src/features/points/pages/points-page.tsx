import { ReceiptText } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { CardList } from '../../../shared/ui/card-list';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { HeaderLink, PageHeader } from '../../../shared/ui/page-header';
import { SectionHeader } from '../../../shared/ui/section-header';
import { Placeholders } from '../../../shared/ui/skeleton';
import { usePointsSummary } from '../api/get-points-summary';
import { useInfinitePointsRecords } from '../api/get-points-records';
import { useTasks } from '../api/get-tasks';
import { CheckInCard } from '../components/check-in-card';
import { LoadError } from '../components/load-error';
import { PointsHero } from '../components/points-hero';
import { PointsShortcuts } from '../components/points-shortcuts';
import { RecordRow, RecordRowSkeleton } from '../components/record-row';
import { useClaimReward } from '../hooks/use-claim-reward';

const RECENT_COUNT = 5;

function RecentRecords() {
  const { t } = useTranslation();
  const records = useInfinitePointsRecords(null, RECENT_COUNT);
  const items = records.data?.pages[0]?.items ?? [];
  return (
    <section aria-labelledby="recent-records" className="mt-6" data-testid="recent-records">
      <SectionHeader id="recent-records" title={t('points.recent')} to="/points/records" />
      {records.error && !records.data ? (
        <ErrorState compact error={records.error} onRetry={() => void records.refetch()} className="mx-4 mt-2.5" />
      ) : records.isPending ? (
        <CardList className="mt-2.5">
          <Placeholders count={3} of={RecordRowSkeleton} />
        </CardList>
      ) : items.length === 0 ? (
        <div className="mx-4 mt-2.5 rounded-2xl border border-line bg-surface">
          <EmptyState icon={ReceiptText} title={t('points.noRecords')} description={t('points.noRecordsBody')} />
        </div>
      ) : (
        <CardList className="mt-2.5">
          {items.map((record) => (
            <RecordRow key={record.id} record={record} />
          ))}
        </CardList>
      )}
    </section>
  );
}

/** Points home: the balance, the daily check-in, where to earn and spend, and the latest changes. */
export function PointsPage() {
  const { t } = useTranslation();
  const summary = usePointsSummary();
  const tasks = useTasks();
  const { claimReward, pending } = useClaimReward();
  const checkIn = tasks.data?.items.find((task) => task.type === 'dailyCheckIn');

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="points-page">
      <PageHeader
        title={t('routes.points')}
        fallback="/profile"
        trailing={<HeaderLink to="/points/records" label={t('routes.pointsRecords')} icon={ReceiptText} />}
      />
      {summary.error && !summary.data ? (
        <LoadError title={t('points.loadFailed')} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <div className="flex flex-col gap-3 px-4 pt-3">
            <PointsHero summary={summary.data} />
            <CheckInCard
              summary={summary.data}
              todayReward={checkIn?.rewardPoints}
              pending={pending}
              onCheckIn={() => claimReward('dailyCheckIn')}
            />
            <PointsShortcuts />
          </div>
          <RecentRecords />
        </>
      )}
    </div>
  );
}
