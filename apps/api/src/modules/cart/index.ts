export { createCartService, type CartService } from './service';
export { cartRoutes } from './routes';
export { prescriptionVerdict, type PrescriptionVerdict } from './prescription-guard';
export { checkoutCarts, CartChangedError, type CheckoutCarts, type LockedCart } from './checkout';
export { checkoutAddressRoutes } from './address-routes';
export { promotionCatalog } from './promotions';
