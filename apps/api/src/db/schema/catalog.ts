import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ProductAttribute, ProductImage } from '@elmwood/domain';

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  shortDescription: text('short_description').notNull(),
  expandedInfo: text('expanded_info'),
  modalTxt: text('modal_txt'),
  isPrescriptionOnly: boolean('is_prescription_only').notNull(),
  /** Ships the next working day ('Free one day delivery'); others take two. */
  quickShip: boolean('quick_ship').notNull().default(false),
  channels: text('channels').array().notNull(),
  images: jsonb('images').$type<ProductImage[]>().notNull(),
  attributes: jsonb('attributes').$type<ProductAttribute[]>().notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productVariants = pgTable('product_variants', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  dosage: text('dosage').notNull(),
  quantityPerMonth: integer('quantity_per_month').notNull(),
  quantityPerMonthType: text('quantity_per_month_type').notNull(),
  inStock: boolean('in_stock').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/** One row per variant and delivery frequency (30, 90 or 1 days); price of one delivery in pence. */
export const variantPrices = pgTable(
  'variant_prices',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    frequency: integer('frequency').notNull(),
    price: integer('price').notNull(),
    discountedPrice: integer('discounted_price'),
  },
  (table) => [primaryKey({ columns: [table.variantId, table.frequency] })],
);
