// What other modules may use from orders.
export { createOrderService, TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE, type OrderService } from './service';
export { orderRoutes } from './routes';
export { declineRules, networkAddressKey } from './decline-pacing';
export { countDeclinedPaymentsSince, findCheckoutPayment, insertSubscriptions, listPaymentTokens, lockOrder, saveDefaultPaymentToken, updatePayment, type OrderRow } from './repo';
export { createOrderPages, type OrderPages } from './order-page';
