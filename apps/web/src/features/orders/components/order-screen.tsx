import type { OrderDetail } from '@drama/contracts';
import { FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/api-client';
import { useTranslation } from '../../../shared/i18n/i18n';
import { EmptyPage } from '../../../shared/ui/empty-page';
import { PageHeader } from '../../../shared/ui/page-header';
import { useOrder } from '../api/get-order';
import { parseOrderId } from '../lib/order-id';

/** The latest check of an order shown on screen: a failure, and a way to ask again now. */
export interface OrderCheck {
  error: Error | null;
  refetch: () => Promise<unknown>;
}

interface OrderScreenProps {
  /** The order's id as the address gives it (`?orderId=12`, `/orders/12`). */
  orderId: string | null | undefined;
  title: string;
  /** Where Back goes when the page was opened directly. */
  fallback: string;
  testId: string;
  /** Keeps asking while the order is pending (see useOrder). */
  pollWhilePending?: (answers: number) => number;
  /**
   * The page's own words for an address that names no order. Without them it is "Order not
   * found", said too when the server knows no such order; with them, that is a failure like any other.
   */
  noOrder?: { title: string; description: string; action: ReactNode };
  loading: ReactNode;
  failed: (error: unknown, retry: () => void) => ReactNode;
  /** Around whichever of loading, failed and the order is shown. */
  bodyClassName?: string;
  /** A later check that fails shows `failed` in the order's place, instead of handing the body the error. */
  failureHidesOrder?: boolean;
  children: (order: OrderDetail, check: OrderCheck) => ReactNode;
}

/** A page about one order: its top bar, then the order once loaded, or why it is not there. */
export function OrderScreen({
  orderId,
  title,
  fallback,
  testId,
  pollWhilePending,
  noOrder,
  loading,
  failed,
  bodyClassName,
  failureHidesOrder = false,
  children,
}: OrderScreenProps) {
  const { t } = useTranslation();
  const id = parseOrderId(orderId);
  const order = useOrder(id, { pollWhilePending });
  const header = <PageHeader title={title} fallback={fallback} />;

  if (id === null || (!noOrder && isApiError(order.error) && order.error.status === 404)) {
    return (
      <EmptyPage
        header={header}
        icon={FileQuestion}
        {...(noOrder ?? {
          title: t('orders.notFound'),
          description: t('orders.notFoundHint'),
          action: (
            <Link to="/orders" replace className="btn-secondary">
              {t('routes.orders')}
            </Link>
          ),
        })}
      />
    );
  }

  const body = order.isPending
    ? loading
    : order.data && !(failureHidesOrder && order.error)
      ? children(order.data, { error: order.error, refetch: order.refetch })
      : failed(order.error, () => void order.refetch());

  return (
    <div className="flex flex-1 flex-col" data-testid={testId}>
      {header}
      {bodyClassName ? <div className={bodyClassName}>{body}</div> : body}
    </div>
  );
}
