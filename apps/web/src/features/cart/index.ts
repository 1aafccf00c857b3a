// What other features may use from the cart.
export { storedCartToken, useAddCartItem, useCart, useRemoveCartItem, useStartCheckout, type CheckoutChoice } from './api';
