import { z } from 'zod';
import { productImageSchema } from '../catalog/product';
import { orderStateSchema } from '../orders/order';
import { timelineStepSchema } from './timeline';

export const subscriptionItemSchema = z.object({
  productCode: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  variantName: z.string(),
  dosage: z.string(),
  quantity: z.number().int(),
  image: productImageSchema.nullable(),
});

/** GET /shop-api/subscriptions/{id} (SPEC §3 Subscription) with the status timeline of the order that began it. */
export const subscriptionViewSchema = z.object({
  id: z.string(),
  state: z.enum(['active', 'paused', 'cancelled']),
  /** Price of one delivery in pence (after recurring discounts); discount is what those take off. */
  price: z.object({ current: z.number().int() }),
  discount: z.number().int(),
  /** The next delivery's UK date (YYYY-MM-DD). */
  nextShipment: z.string(),
  isShippingRequired: z.boolean(),
  /** Days between deliveries: 30 or 90. */
  frequency: z.number().int(),
  planMonths: z.number().int(),
  items: z.array(subscriptionItemSchema),
  order: z.object({
    number: z.string(),
    state: orderStateSchema,
    timeline: z.array(timelineStepSchema),
  }),
  /** The dates the next delivery may move to now (PUT …/next-delivery). */
  nextDeliveryLimits: z.object({ earliest: z.string(), latest: z.string() }).nullable(),
  /** Why the next delivery cannot move now (an order of the plan with the prescriber, a plan not active); null when it can. */
  nextDeliveryRefusal: z.string().nullable(),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;
