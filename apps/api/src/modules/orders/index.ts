// What other modules may use from orders.
export { createOrderService, type OrderService } from './service';
export { orderRoutes } from './routes';
export { listPaymentTokens, saveDefaultPaymentToken } from './repo';
