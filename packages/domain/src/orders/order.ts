import { z } from 'zod';
import { cartAddressSchema, totalsSchema } from '../cart/cart';
import { frequencySchema } from '../catalog/frequency';
import { productImageSchema } from '../catalog/product';
import { paymentModeSchema } from '../payment/modes';
import { ORDER_STATES } from './lifecycle';
import { recordIdSchema } from '../http/record-id';

export const orderStateSchema = z.enum(ORDER_STATES);

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
  paymentTokenId: recordIdSchema.optional(),
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
  /**
   * 429: the card has had too many declines lately and this attempt was refused whatever the bank said; the attempt
   * is over (a retry is a new one), unlike the other 429s, which refuse before any attempt is made.
   */
  cardPaused: 'TOO_MANY_CARD_ATTEMPTS',
  /** A discount the waiting order reserved went to another order of the patient: it was not placed, nothing taken. */
  discountTaken: 'DISCOUNT_NO_LONGER_AVAILABLE',
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

/** One line of the thank-you page's 'What happens next?' list (product attribute task_thankyou_page_next_steps). */
export const thankYouNextStepSchema = z.object({ title: z.string(), subtitle: z.string(), actionNeeded: z.boolean() });
/** The thank-you page's info box with its button (product attribute task_thankyou_page_info_box). */
export const thankYouInfoBoxSchema = z.object({
  doctorsImg: z.string().nullable(),
  title: z.string(),
  subtitle: z.string(),
  ctaText: z.string(),
  alertBoxText: z.string().nullable(),
});

/** GET /shop-api/orders/{number}: the order as its owner sees it (thank-you page, order status). */
export const orderViewSchema = z.object({
  number: z.string(),
  state: orderStateSchema,
  consultationSlug: z.string().nullable(),
  createdAt: z.string(),
  customer: z.object({ firstName: z.string(), email: z.string() }),
  items: z.array(orderItemSchema),
  totals: totalsSchema,
  /** Where it goes; `phoneNumber` (null when none was given) is the number the courier uses for delivery updates. */
  shippingAddress: cartAddressSchema,
  /** Who pays: the delivery address unless the patient gave another at checkout. */
  billingAddress: cartAddressSchema,
  /** A coach or check-in call booked with the order ('Thank you, {first name}, you're all set'). */
  hasBooking: z.boolean(),
  subscription: z.object({ id: z.string(), frequency: z.number().int(), nextDeliveryDate: z.string() }).nullable(),
  thankYou: z.object({ nextSteps: z.array(thankYouNextStepSchema), infoBox: thankYouInfoBoxSchema.nullable() }),
  /** The customer's bucket per running experiment, e.g. { 'critical-tasks-thank-you': 'app' }. */
  experiments: z.record(z.string(), z.string()),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** GET /shop-api/payment/config: what the browser needs to tokenise cards and wallets with the provider. */
export const paymentConfigSchema = z.object({
  gateway: z.enum(['sandbox', 'checkout-com']),
  /** The provider's tokenisation address (Checkout.com's POST /tokens shape); the sandbox serves its own. */
  tokensUrl: z.string(),
  publicKey: z.string(),
  applePay: z.object({ merchantIdentifier: z.string() }).nullable(),
  googlePay: z.object({ merchantId: z.string(), gatewayMerchantId: z.string(), environment: z.enum(['TEST', 'PRODUCTION']) }).nullable(),
  paypal: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** A saved card or wallet (SPEC §3 defaultPaymentToken {type, details}); GET /shop-api/me/payment-tokens. */
export const savedPaymentTokenSchema = z.object({
  id: z.number().int(),
  /** One of the six provider codes (PAYMENT_TOKEN_PROVIDERS). */
  type: z.string(),
  details: z.object({ brand: z.string(), last4: z.string(), expiryMonth: z.number().int().nullable(), expiryYear: z.number().int().nullable() }),
  isDefault: z.boolean(),
});
export type SavedPaymentToken = z.infer<typeof savedPaymentTokenSchema>;

/**
 * 202 reply to saving a card whose bank asks for 3-D Secure: show `url` in the challenge frame, then send
 * `verification` to POST /shop-api/me/payment-tokens/confirm.
 */
export const cardVerificationSchema = z.object({
  status: z.literal('action_required'),
  action: z.literal('3ds'),
  url: z.string(),
  verification: z.string(),
});
export type CardVerification = z.infer<typeof cardVerificationSchema>;
