// What other features may use from the cart.
export { cartCookieToken, clearStoredCartToken, useAddCartItem, useAddToBasket, useCart, useCartCoupon, useCartToken, useCheckoutAddress, useRemoveCartItem, useStartCheckout, type CheckoutChoice } from './api';
