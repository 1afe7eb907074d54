import { Crown, LoaderCircle, Receipt } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useInfiniteOrders } from '../api/get-orders';
import { OrderRow, OrderRowSkeleton } from '../components/order-row';

export function OrdersPage() {
  const { t } = useTranslation();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useInfiniteOrders();
  const all = data?.pages.flatMap((page) => page.items) ?? [];
  // An order placed between two page loads shifts the pages by one: never show one twice.
  const orders = all.filter((order, index) => all.findIndex((other) => other.id === order.id) === index);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, error]);

  return (
    <div className="flex flex-1 flex-col" data-testid="orders-page">
      <PageHeader title={t('routes.orders')} fallback="/profile" />
      {isPending ? (
        <div className="flex flex-col gap-3 px-4 pt-4" aria-busy>
          {Array.from({ length: 5 }, (_, index) => (
            <OrderRowSkeleton key={index} />
          ))}
        </div>
      ) : error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} className="flex-1 justify-center" />
      ) : orders.length === 0 ? (
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
      ) : (
        <>
          <ul className="flex flex-col gap-3 px-4 pt-4" data-testid="order-list">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} />
              </li>
            ))}
            {isFetchingNextPage && (
              <li>
                <OrderRowSkeleton />
              </li>
            )}
          </ul>
          <div ref={sentinelRef} className="flex min-h-16 items-center justify-center px-4 py-4">
            {error ? (
              <ErrorState compact error={error} onRetry={() => void fetchNextPage()} className="w-full" />
            ) : hasNextPage ? (
              <button
                type="button"
                className="btn-secondary min-h-10 px-5 text-sm"
                disabled={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isFetchingNextPage && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
                {isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
              </button>
            ) : (
              <p className="text-xs text-fg-subtle">{t('common.endOfList')}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
