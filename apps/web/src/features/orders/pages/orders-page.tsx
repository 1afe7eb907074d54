import type { Order } from '@drama/contracts';
import { Crown, Receipt } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InfiniteList } from '../../../shared/ui/infinite-list/infinite-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { Placeholders } from '../../../shared/ui/skeleton';
import { useInfiniteOrders } from '../api/get-orders';
import { OrderRow, OrderRowSkeleton } from '../components/order-row';

const orderId = (order: Order) => order.id;

export function OrdersPage() {
  const { t } = useTranslation();
  const query = useInfiniteOrders();

  return (
    <div className="flex flex-1 flex-col" data-testid="orders-page">
      <PageHeader title={t('routes.orders')} fallback="/profile" />
      <InfiniteList
        query={query}
        keyOf={orderId}
        skeleton={
          <div className="flex flex-col gap-3 px-4 pt-4" aria-busy>
            <Placeholders count={5} of={OrderRowSkeleton} />
          </div>
        }
        errorClassName="flex-1 justify-center"
        renderEmpty={() => (
          <EmptyState
            icon={Receipt}
            title={t('orders.empty')}
            description={t('orders.emptyHint')}
            action={
              <Link to="/membership" className="btn-primary">
                <Crown aria-hidden className="size-4" />
                {t('orders.getVip')}
              </Link>
            }
            className="flex-1 justify-center"
          />
        )}
        endText={t('common.endOfList')}
      >
        {(orders) => (
          <ul className="flex flex-col gap-3 px-4 pt-4" data-testid="order-list">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} />
              </li>
            ))}
            {query.isFetchingNextPage && (
              <li>
                <OrderRowSkeleton />
              </li>
            )}
          </ul>
        )}
      </InfiniteList>
    </div>
  );
}
