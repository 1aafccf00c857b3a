import { z } from 'zod';
import { frequencySchema } from '../catalog/frequency';
import { productImageSchema } from '../catalog/product';
import { paymentModeSchema } from '../payment/modes';

/** Where an order stands for the patient (SPEC §1: clinicians review every order before the card is charged). */
export const ORDER_STATES = [
  'payment_pending',
  'payment_failed',
  'awaiting_clinical_review',
  'approved',
  'rejected',
  'dispatched',
  'delivered',
  'cancelled',
] as const;
export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

/**
 * Body of POST /shop-api/checkout/{token}/complete (header Idempotency-Key). Card and wallet details are
 * tokenised in the browser by the payment provider; the shop receives only that token, a saved card's id,
 * or, for PayPal, nothing (the gateway sends the patient to approve the payment).
 */
export const completeCheckoutSchema = z.object({
  mode: paymentModeSchema,
  /** The provider's token for NEW_CARD, APPLEPAY, ADYEN_APPLEPAY and GOOGLEPAY. */
  token: z.string().min(1).max(200).optional(),
  /** The saved card for EXISTING_CARD. */
  paymentTokenId: z.number().int().positive().optional(),
});
export type CompleteCheckout = z.infer<typeof completeCheckoutSchema>;

/** Reply of checkout completion and of confirming a payment after 3-D Secure or PayPal approval. */
export const checkoutResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('placed'), orderNumber: z.string(), consultationSlug: z.string().nullable() }),
  z.object({
    status: z.literal('action_required'),
    /** '3ds': show `url` in a modal iframe (size code 02, 390×400); 'paypal': open `url` in a window. */
    action: z.enum(['3ds', 'paypal']),
    orderNumber: z.string(),
    url: z.string(),
  }),
]);
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const PAYMENT_ERROR = {
  declined: 'PAYMENT_DECLINED',
  invalidToken: 'INVALID_PAYMENT_TOKEN',
  alreadyPlaced: 'ORDER_ALREADY_PLACED',
  cartNotReady: 'CART_NOT_READY',
} as const;

export const orderItemSchema = z.object({
  productCode: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  variantCode: z.string(),
  variantName: z.string(),
  dosage: z.string(),
  frequency: frequencySchema,
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  total: z.number().int(),
  image: productImageSchema.nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;
