import { z } from 'zod';
import { channelSchema } from '../catalog/channel';
import { frequencySchema } from '../catalog/frequency';
import { productImageSchema } from '../catalog/product';

/** Body of POST /shop-api/carts. */
export const createCartSchema = z.object({
  channel: channelSchema,
  /** A coupon remembered from the quiz link (?coupon=); applied once discounts exist for the cart. */
  couponCode: z.string().trim().min(1).max(64).optional(),
});

/** Body of POST /shop-api/carts/{token}/items. The browser names what it wants, never a price. */
export const addCartItemSchema = z.object({
  productCode: z.string().min(1),
  variantCode: z.string().min(1),
  frequency: frequencySchema,
  quantity: z.number().int().min(1).max(10).default(1),
});
export type AddCartItem = z.infer<typeof addCartItemSchema>;

/** Body of PUT /shop-api/checkout/{token}/medical_history_questionnaire: links this browser's consultation to the cart. */
export const linkConsultationSchema = z.object({ questionnaireId: z.number().int().positive() });

export const cartItemSchema = z.object({
  id: z.number().int(),
  product: z.object({
    code: z.string(),
    slug: z.string(),
    name: z.string(),
    isPrescriptionOnly: z.boolean(),
    images: z.array(productImageSchema),
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

export const cartSchema = z.object({
  tokenValue: z.string(),
  channel: channelSchema,
  items: z.array(cartItemSchema),
  couponCode: z.string().nullable(),
  discounts: z.array(cartDiscountSchema),
  /** Slugs of the consultations linked to this cart. */
  consultations: z.array(z.string()),
  totals: z.object({
    subtotal: z.number().int(),
    discount: z.number().int(),
    shipping: z.number().int(),
    credit: z.number().int(),
    total: z.number().int(),
  }),
});
export type Cart = z.infer<typeof cartSchema>;

/** Error codes the cart calls answer with (409/422), so the browser can react without parsing text. */
export const CART_ERROR = {
  consultationRequired: 'CONSULTATION_REQUIRED',
  notEligible: 'NOT_ELIGIBLE',
  outOfStock: 'OUT_OF_STOCK',
  invalidCoupon: 'INVALID_COUPON',
} as const;

export const INVALID_COUPON_MESSAGE = 'This discount code is not valid.';
