// The orders module's surface for other modules: the reads and writes a payment makes on its order.
export {
  claimChannelQuery,
  expireDueOrders,
  findOrderByNo,
  findOrdersOfUser,
  findOrderWithPlanByNo,
  findPendingOrders,
  lockOrderByNo,
  updateOrder,
} from './queries.js';
