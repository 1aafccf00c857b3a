import { z } from 'zod';
import { timelineStepSchema } from '../account/timeline';
import { cartAddressSchema, totalsSchema } from '../cart/cart';
import { namedPrescriberSchema } from '../clinic/prescribers';
import { CARRIERS } from '../clinic/tracking';
import { orderItemSchema, orderStateSchema } from './order';
import { vatLineSchema } from './vat';

/** GET /shop-api/orders/{number}/details: one order as its owner's order page shows it (/account/orders/{number}). */
export const orderPageSchema = z.object({
  number: z.string(),
  state: orderStateSchema,
  createdAt: z.string(),
  items: z.array(orderItemSchema),
  totals: totalsSchema,
  discounts: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  shippingAddress: cartAddressSchema,
  billingAddress: cartAddressSchema,
  /** The card or wallet the order was paid with; null for a £0 order or a payment the gateway told nothing of. */
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  timeline: z.array(timelineStepSchema),
  tracking: z.object({ carrier: z.enum(CARRIERS), number: z.string(), url: z.string() }).nullable(),
  vat: z.array(vatLineSchema),
  /** The prescriber approved a different dose from the one ordered: which, and why (the lines and totals are the approved ones). */
  doseChange: z.object({ productName: z.string(), askedDosage: z.string(), approvedDosage: z.string(), rationale: z.string().nullable() }).nullable().default(null),
  /** Once approved: the prescriber who approved it (name, profession, registration with the register's link). */
  prescriber: namedPrescriberSchema.nullable().default(null),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/** Where the order page lives; the order history links each order here. */
export function orderPagePath(number: string): string {
  return `/account/orders/${encodeURIComponent(number)}`;
}

/** The receipt's address (a PDF made on the server). */
export function orderReceiptPath(number: string): string {
  return `/shop-api/orders/${encodeURIComponent(number)}/receipt`;
}

/** 'Paid by Visa ending 4242'; a wallet or PayPal without card digits is named alone. */
export function paymentMethodText(method: { brand: string; last4: string }): string {
  return method.last4 ? `${method.brand} ending ${method.last4}` : method.brand;
}
