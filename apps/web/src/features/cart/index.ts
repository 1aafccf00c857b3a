// What other features may use from the cart.
export { clearStoredCartToken, storedCartToken, useAddCartItem, useAddToBasket, useCart, useCartCoupon, useCheckoutAddress, useRemoveCartItem, useStartCheckout, type CheckoutChoice } from './api';
