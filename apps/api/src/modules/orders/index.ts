// What other modules may use from orders.
export { createOrderService, TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE, type OrderService } from './service';
export { orderRoutes } from './routes';
export { declineRules, networkAddressKey } from './decline-pacing';
export {
  changeLineDose,
  countDeclinedPaymentsSince,
  findCheckoutPayment,
  findOrderItems,
  insertOrder,
  insertSubscriptions,
  listPaymentTokens,
  lockOrder,
  productsTakenBy,
  saveDefaultPaymentToken,
  updatePayment,
  type NewOrderItem,
  type OrderRow,
  type Queryable,
} from './repo';
// A renewal is an order too: it is numbered and carries its consultations as checkout's orders do.
export { copyConsultationsOntoOrder } from './consultation-snapshot';
export { newOrderNumber } from './order-number';
export { createOrderPages, type OrderPages } from './order-page';
