import type { ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import { InlineError } from '../../../shared/ui/inline-error';
import { Skeleton } from '../../../shared/ui/skeleton';
import { OrderScreen } from '../../orders';
import { pollDelay } from '../lib/polling';

type PaymentScreenProps = Pick<ComponentProps<typeof OrderScreen>, 'title' | 'fallback' | 'testId' | 'noOrder' | 'children'> & {
  /** The card's height while the order loads, so nothing moves when it arrives. */
  cardHeight: string;
  /** What failed when the order could not be read, in the page's words. */
  failedTitle: string;
  /** The column's space above the card. */
  top: string;
};

/**
 * A page about the order in `?orderId=`, asked about again while it is pending (a payment is
 * made in another app): one card in a column, its shape while loading, a retry if it fails.
 */
export function PaymentScreen({ cardHeight, failedTitle, top, ...screen }: PaymentScreenProps) {
  const [params] = useSearchParams();
  return (
    <OrderScreen
      {...screen}
      orderId={params.get('orderId')}
      pollWhilePending={pollDelay}
      loading={<Skeleton className={`${cardHeight} rounded-3xl`} />}
      failed={(error, retry) => <InlineError title={failedTitle} error={error} onRetry={retry} />}
      bodyClassName={`flex flex-col gap-4 px-4 ${top} pb-8`}
    />
  );
}
