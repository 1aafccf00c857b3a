import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CART_ERROR, DEFAULT_CHANNEL, needsNoPrescriber, type Address, type Cart, type Frequency } from '@elmwood/domain';
import { apiGet, apiRequest, isApiError } from '../../lib/api';
import { readCookie, writeCookie } from '../../lib/cookies';
import { useHydrating } from '../../lib/hydration';

export const CART_TOKEN_KEY = 'cartToken';
export const cartKeys = { cart: (token: string) => ['cart', token] as const };

/**
 * The token is kept in this browser's storage, and mirrored in a cookie sent only with the checkout's pages (never
 * to the API), so the server can render a patient's own checkout rather than a loading frame.
 */
const CART_COOKIE = 'elmwood_cart';
const CART_COOKIE_PATHS = ['/n/', '/basket'];
const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function storedCartToken(): string | null {
  try {
    return window.localStorage.getItem(CART_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Once an order is placed its cart is spent; the next visit starts a fresh one. */
export function clearStoredCartToken(): void {
  storeCartToken(null);
}

function storeCartToken(token: string | null): void {
  for (const path of CART_COOKIE_PATHS) writeCookie(CART_COOKIE, token, { path, maxAgeSeconds: CART_COOKIE_MAX_AGE_SECONDS });
  try {
    if (token) window.localStorage.setItem(CART_TOKEN_KEY, token);
    else window.localStorage.removeItem(CART_TOKEN_KEY);
  } catch {
    // Without storage the cart lives only as long as this page.
  }
}

/** The token the checkout's pages are sent with (on the server, the request's). */
export function cartCookieToken(): string | null {
  return readCookie(CART_COOKIE);
}

/**
 * The basket this browser names. A server-rendered page was rendered with the cookie's token, so hydrating starts
 * from it too; from then on the browser's storage decides (the two differ only if one was cleared).
 */
export function useCartToken(): string | null {
  const hydrating = useHydrating();
  const [stored] = useState(storedCartToken);
  const [sentWithPage] = useState(cartCookieToken);
  return hydrating ? sentWithPage : stored;
}

export function useCart(token: string | null) {
  return useQuery({
    queryKey: cartKeys.cart(token ?? ''),
    queryFn: ({ signal }) => apiGet<Cart>(`/shop-api/carts/${token}`, undefined, signal),
    enabled: token !== null,
  });
}

export interface CheckoutChoice {
  questionnaireId: number;
  productCode: string;
  variantCode: string;
  frequency: Frequency;
  couponCode: string | null;
}

/**
 * The browser's basket when it holds only products bought without a consultation (a supplement added on the
 * recommendations page or a product page): the treatment joins it, so nothing chosen is left behind. Answers its
 * token once the consultation is linked to it, or null when there is no such basket or it no longer changes.
 */
async function joinSupplementBasket(linkConsultation: (token: string) => Promise<Cart>): Promise<string | null> {
  const token = storedCartToken();
  if (!token) return null;
  try {
    const cart = await apiGet<Cart>(`/shop-api/carts/${token}`);
    if (!needsNoPrescriber(cart.items.map((item) => item.product))) return null;
    await linkConsultation(token);
    return token;
  } catch {
    return null;
  }
}

/**
 * The checkout button: a new cart (or the browser's basket of supplements), this browser's consultation linked
 * to it (the server will not add a prescription medicine without it), then the chosen treatment; the token is kept for the order page. The
 * server prices everything. A cart made by an attempt that failed later (a refused treatment, a lost
 * connection) is reused by the next attempt rather than made again.
 */
export function useStartCheckout() {
  const client = useQueryClient();
  const unfinished = useRef<string | null>(null);
  return useMutation({
    mutationFn: async (choice: CheckoutChoice) => {
      const linkConsultation = (token: string) =>
        apiRequest<Cart>(`/shop-api/checkout/${token}/medical_history_questionnaire`, { method: 'PUT', body: { questionnaireId: choice.questionnaireId } });
      let token = unfinished.current ?? (await joinSupplementBasket(linkConsultation));
      if (!token) {
        token = (
          await apiRequest<Cart>('/shop-api/carts', {
            method: 'POST',
            body: { channel: DEFAULT_CHANNEL, ...(choice.couponCode ? { couponCode: choice.couponCode } : {}) },
          })
        ).tokenValue;
        unfinished.current = token;
        await linkConsultation(token);
      } else if (token === unfinished.current) {
        await linkConsultation(token);
      } else if (choice.couponCode) {
        // The quiz link's coupon, which a new cart would have been made with; a code this basket refuses can still be
        // entered at checkout, where its reason shows, so it does not stop the treatment being added.
        await apiRequest<Cart>(`/shop-api/carts/${token}/coupon`, { method: 'PUT', body: { coupon: choice.couponCode } }).catch(() => null);
      }
      unfinished.current = token;
      return apiRequest<Cart>(`/shop-api/carts/${token}/items`, {
        method: 'POST',
        body: { productCode: choice.productCode, variantCode: choice.variantCode, frequency: choice.frequency },
      });
    },
    onSuccess: (cart) => {
      unfinished.current = null;
      storeCartToken(cart.tokenValue);
      client.setQueryData(cartKeys.cart(cart.tokenValue), cart);
    },
    onError: (error) => {
      // A cart that no longer answers (gone, or claimed by an account) cannot be reused.
      if (isApiError(error) && error.isNotFound && error.code !== 'NO_CONSULTATION') unfinished.current = null;
    },
  });
}

export function useRemoveCartItem(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => apiRequest<Cart>(`/shop-api/carts/${token}/items/${itemId}`, { method: 'DELETE' }),
    onSuccess: (cart) => client.setQueryData(cartKeys.cart(token), cart),
  });
}

export function useAddCartItem(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: { productCode: string; variantCode: string; frequency: Frequency }) =>
      apiRequest<Cart>(`/shop-api/carts/${token}/items`, { method: 'POST', body: item }),
    onSuccess: (cart) => client.setQueryData(cartKeys.cart(token), cart),
  });
}

/** Apply or remove a discount code; the server decides what it is worth. */
export function useCartCoupon(token: string) {
  const client = useQueryClient();
  const onSuccess = (cart: Cart) => client.setQueryData(cartKeys.cart(token), cart);
  return {
    apply: useMutation({
      mutationFn: (coupon: string) => apiRequest<Cart>(`/shop-api/carts/${token}/coupon`, { method: 'PUT', body: { coupon } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest<Cart>(`/shop-api/carts/${token}/coupon`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

/** The Shipping step: puts the delivery address on the cart (billing follows it unless given), for the payment step to read. */
export function useCheckoutAddress(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { shippingAddress: Address; billingAddress?: Address }) =>
      apiRequest<Cart>(`/shop-api/checkout/${token}/address`, { method: 'PUT', body }),
    onSuccess: (cart) => client.setQueryData(cartKeys.cart(token), cart),
  });
}

/**
 * 'Add to basket' on a product bought without a consultation: into the browser's basket (a weight-loss basket
 * gains the supplement), or into a new one when there is none or it can no longer change (placed, or paying).
 */
export function useAddToBasket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (item: { productCode: string; variantCode: string; frequency: Frequency }) => {
      const add = (token: string) => apiRequest<Cart>(`/shop-api/carts/${token}/items`, { method: 'POST', body: item });
      const token = storedCartToken();
      if (token) {
        try {
          return await add(token);
        } catch (error) {
          if (!(isApiError(error) && (error.isNotFound || error.code === CART_ERROR.completed))) throw error;
        }
      }
      const fresh = await apiRequest<Cart>('/shop-api/carts', { method: 'POST', body: { channel: DEFAULT_CHANNEL } });
      return add(fresh.tokenValue);
    },
    onSuccess: (cart) => {
      storeCartToken(cart.tokenValue);
      client.setQueryData(cartKeys.cart(cart.tokenValue), cart);
    },
  });
}
