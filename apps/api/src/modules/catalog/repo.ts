import { and, arrayContains, asc, eq, inArray } from 'drizzle-orm';
import type { Channel, Frequency, Product } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { products, productVariants, variantPrices } from '../../db/schema/index';

type ProductRow = typeof products.$inferSelect;

export async function findProductsBySlugs(db: Db, slugs: readonly string[], channel: Channel): Promise<Product[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.slug, [...slugs]), arrayContains(products.channels, [channel])));
  return attachVariants(db, rows);
}

export async function findProductsByCodes(db: Db, codes: readonly string[], channel: Channel): Promise<Product[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.code, [...codes]), arrayContains(products.channels, [channel])))
    .orderBy(asc(products.position), asc(products.id));
  return attachVariants(db, rows);
}

async function attachVariants(db: Db, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const variantRows = await db
    .select({
      productId: productVariants.productId,
      id: productVariants.id,
      code: productVariants.code,
      name: productVariants.name,
      dosage: productVariants.dosage,
      quantityPerMonth: productVariants.quantityPerMonth,
      quantityPerMonthType: productVariants.quantityPerMonthType,
      inStock: productVariants.inStock,
      position: productVariants.position,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, rows.map((row) => row.id)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const priceRows = variantRows.length
    ? await db
        .select()
        .from(variantPrices)
        .where(inArray(variantPrices.variantId, variantRows.map((variant) => variant.id)))
    : [];

  return rows.map((row) => ({
    code: row.code,
    slug: row.slug,
    name: row.name,
    category: row.category as Product['category'],
    description: row.description,
    shortDescription: row.shortDescription,
    expandedInfo: row.expandedInfo,
    modalTxt: row.modalTxt,
    isPrescriptionOnly: row.isPrescriptionOnly,
    images: row.images,
    attributes: row.attributes,
    variants: variantRows
      .filter((variant) => variant.productId === row.id)
      .map((variant) => ({
        code: variant.code,
        name: variant.name,
        dosage: variant.dosage,
        quantityPerMonth: variant.quantityPerMonth,
        quantityPerMonthType: variant.quantityPerMonthType,
        inStock: variant.inStock,
        prices: priceRows
          .filter((price) => price.variantId === variant.id)
          .map((price) => ({
            freq: price.frequency as Frequency,
            price: price.price,
            discountedPrice: price.discountedPrice,
          })),
      })),
  }));
}

export async function findProductIdByCode(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.code, code));
  return row?.id;
}
