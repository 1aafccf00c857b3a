// What other features may use from the cart.
export { clearStoredCartToken, storedCartToken, useAddCartItem, useCart, useCartCoupon, useCheckoutAddress, useRemoveCartItem, useStartCheckout, type CheckoutChoice } from './api';
