import { ORDER_STATES, UNPLACED_ORDER_STATES, type OrderState } from './lifecycle';

/**
 * States of an order the patient placed: its payment went through or needed none, whatever followed (a rejected,
 * cancelled or refunded order was still placed). An attempt still waiting for its payment, or whose payment failed,
 * was never an order.
 */
export const PLACED_ORDER_STATES: readonly OrderState[] = ORDER_STATES.filter((state) => !UNPLACED_ORDER_STATES.includes(state));

/**
 * Whether a 'first order' promotion (WELCOME20) applies: to a patient with no placed order. A visitor's cart
 * cannot know, so it shows the promotion until they sign in; checkout decides again under the cart's lock.
 */
export function isFirstOrder(placedOrders: number | null): boolean {
  return placedOrders === null || placedOrders === 0;
}
