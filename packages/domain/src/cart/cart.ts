import { z } from 'zod';
import { channelSchema } from '../catalog/channel';
import { frequencySchema } from '../catalog/frequency';
import { productImageSchema } from '../catalog/product';
import { addressSchema } from '../address/address';
import { taskTypeSchema } from '../tasks/task';
import { recordIdSchema } from '../http/record-id';

/** Body of POST /shop-api/carts. */
export const createCartSchema = z.object({
  channel: channelSchema,
  /** A coupon remembered from the quiz link (?coupon=); applied once discounts exist for the cart. */
  couponCode: z.string().trim().min(1).max(64).optional(),
});

/** Body of POST /shop-api/carts/{token}/items. The browser names what it wants, never a price. */
export const addCartItemSchema = z.object({
  productCode: z.string().min(1).max(120),
  variantCode: z.string().min(1).max(120),
  frequency: frequencySchema,
  quantity: z.number().int().min(1).max(10).default(1),
});
export type AddCartItem = z.infer<typeof addCartItemSchema>;

/** Body of PUT /shop-api/checkout/{token}/medical_history_questionnaire: links this browser's consultation to the cart. */
export const linkConsultationSchema = z.object({ questionnaireId: recordIdSchema });

export const cartItemSchema = z.object({
  id: z.number().int(),
  product: z.object({
    code: z.string(),
    slug: z.string(),
    name: z.string(),
    isPrescriptionOnly: z.boolean(),
    images: z.array(productImageSchema),
    /** Ships from stock the next working day (no prescriber needed first). */
    quickShip: z.boolean(),
    /** An unlicensed medicine: the patient must acknowledge it when accepting the terms (SPEC §5). */
    isUnlicensed: z.boolean(),
  }),
  variant: z.object({
    code: z.string(),
    name: z.string(),
    dosage: z.string(),
    quantityPerMonth: z.number().int(),
    quantityPerMonthType: z.string(),
  }),
  frequency: frequencySchema,
  quantity: z.number().int(),
  /** Pence, per delivery. */
  unitPrice: z.number().int(),
  total: z.number().int(),
  /** This line's share of each cart discount (SPEC §3); the shares of a discount add up to its amount. */
  itemDiscounts: z.array(z.object({ code: z.string(), name: z.string(), amount: z.object({ current: z.number().int() }) })),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** Body of PUT /shop-api/carts/{token}/coupon. */
export const applyCouponSchema = z.object({ coupon: z.string().trim().min(1).max(64) });

export const cartDiscountSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Pence taken off. */
  amount: z.number().int(),
  /** '20% OFF' or 'REFERRAL DISCOUNT' (SPEC §9). */
  label: z.string(),
  /** Entered as a code: the patient may remove it. */
  isCouponBased: z.boolean(),
  isExclusive: z.boolean(),
});
export type CartDiscount = z.infer<typeof cartDiscountSchema>;

/** Body of PUT /shop-api/checkout/{token}/address: the delivery address, and a billing one when it differs. */
export const checkoutAddressSchema = z.object({
  shippingAddress: addressSchema,
  billingAddress: addressSchema.optional(),
});
export type CheckoutAddress = z.output<typeof checkoutAddressSchema>;

/** An address as the cart holds it (already checked by addressSchema). */
export const cartAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  countryCode: z.literal('GB'),
  phoneNumber: z.string().nullable(),
});
export type CartAddress = z.infer<typeof cartAddressSchema>;

/** A follow-up task an order of the cart's products will bring (SPEC §3 Cart checkoutTasks). */
export const checkoutTaskSchema = z.object({
  code: z.string(),
  taskType: taskTypeSchema,
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  isCritical: z.boolean(),
  isReminder: z.boolean(),
  safetyCheck: z.boolean(),
  /** The cart's products that bring it. */
  productCodes: z.array(z.string()),
});
export type CheckoutTask = z.infer<typeof checkoutTaskSchema>;

/** SPEC §3 cartDiscounts: the cart's discounts keyed by their code; a referral reward is marked. */
export const cartDiscountEntrySchema = z.object({
  name: z.string(),
  amount: z.object({ current: z.number().int() }),
  label: z.string(),
  isCouponBased: z.boolean(),
  isReferral: z.boolean(),
});

/** Sums in pence, computed on the server only. */
export const totalsSchema = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  credit: z.number().int(),
  total: z.number().int(),
});

export const cartSchema = z.object({
  tokenValue: z.string(),
  channel: channelSchema,
  items: z.array(cartItemSchema),
  couponCode: z.string().nullable(),
  discounts: z.array(cartDiscountSchema),
  /** The same discounts keyed by code (SPEC §3); a referral reward carries isReferral. */
  cartDiscounts: z.record(z.string(), cartDiscountEntrySchema),
  /** Slugs of the consultations linked to this cart. */
  consultations: z.array(z.string()),
  totals: totalsSchema,
  /** Where the order goes (the Shipping step), or null until it is given. */
  shippingAddress: cartAddressSchema.nullable(),
  /** Where the card is billed; the shipping address when no other was given. */
  billingAddress: cartAddressSchema.nullable(),
  /** The follow-up tasks an order of these products brings. */
  checkoutTasks: z.array(checkoutTaskSchema),
  /** Plan length in months (3 quarterly, 1 monthly, 0 one-off only) and the first delivery's due date (YYYY-MM-DD). */
  subscription: z.object({ months: z.number().int(), nextDelivery: z.string().nullable() }),
});
export type Cart = z.infer<typeof cartSchema>;

/** Error codes the cart calls answer with (409/422), so the browser can react without parsing text. */
export const CART_ERROR = {
  consultationRequired: 'CONSULTATION_REQUIRED',
  notEligible: 'NOT_ELIGIBLE',
  /** The consultation allows the product, but not at this dose (the starting-dose lock). */
  doseNotAllowed: 'DOSE_NOT_ALLOWED',
  outOfStock: 'OUT_OF_STOCK',
  invalidCoupon: 'INVALID_COUPON',
  /** The patient has used the code as many times as it allows. */
  couponUsed: 'COUPON_ALREADY_USED',
  completed: 'CART_COMPLETED',
} as const;

export const INVALID_COUPON_MESSAGE = 'This discount code is not valid.';
