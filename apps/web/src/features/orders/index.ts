// What other features use of orders: placing one, the one still awaiting payment, the page
// frame that loads one, its cancel button, why one failed, and the keys to refresh them by.
export { useCreateOrder } from './api/create-order';
export { usePendingOrder } from './api/get-orders';
export { orderKeys } from './api/query-keys';
export { CancelOrderButton } from './components/cancel-order-button';
export { OrderScreen, type OrderCheck } from './components/order-screen';
export { failureReasonText } from './lib/failure-reason';
