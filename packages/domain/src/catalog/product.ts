import { z } from 'zod';
import { frequencySchema } from './frequency';

export const productImageSchema = z.object({
  code: z.string().describe("'main' for the pack shot, 'carousel' for gallery images"),
  alt: z.string(),
  sizes: z.object({ '1x': z.string(), '2x': z.string() }),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productAttributeSchema = z.object({
  code: z.string(),
  name: z.string(),
  value: z.unknown(),
  tags: z.array(z.string()),
});
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

export const variantPriceSchema = z.object({
  freq: frequencySchema,
  /** Price of one delivery at this frequency, in pence (a quarterly delivery holds three months). */
  price: z.number().int().nonnegative(),
  discountedPrice: z.number().int().nonnegative().nullable(),
});
export type VariantPrice = z.infer<typeof variantPriceSchema>;

export const productVariantSchema = z.object({
  code: z.string(),
  name: z.string(),
  dosage: z.string(),
  quantityPerMonth: z.number().int().positive(),
  quantityPerMonthType: z.string(),
  inStock: z.boolean(),
  prices: z.array(variantPriceSchema),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const CATEGORIES = ['weight-loss', 'erectile-dysfunction', 'hair-loss', 'supplements'] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const productSchema = z.object({
  code: z.string(),
  slug: z.string(),
  name: z.string(),
  category: categorySchema,
  description: z.string(),
  shortDescription: z.string(),
  expandedInfo: z.string().nullable(),
  modalTxt: z.string().nullable(),
  isPrescriptionOnly: z.boolean(),
  images: z.array(productImageSchema),
  attributes: z.array(productAttributeSchema),
  variants: z.array(productVariantSchema),
});
export type Product = z.infer<typeof productSchema>;
