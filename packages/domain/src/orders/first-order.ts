import { ORDER_STATES, UNPLACED_ORDER_STATES, type OrderState } from './lifecycle';

/**
 * States of an order the patient placed: its payment went through or needed none, whatever followed (a rejected,
 * cancelled or refunded order was still placed). An attempt still waiting for its payment, or whose payment failed,
 * was never an order. Whether a first-order promotion applies is decided from these (discounts/patient-uses).
 */
export const PLACED_ORDER_STATES: readonly OrderState[] = ORDER_STATES.filter((state) => !UNPLACED_ORDER_STATES.includes(state));
