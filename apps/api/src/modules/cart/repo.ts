import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Channel, Frequency, ProductImage } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { cartConsultations, cartItems, carts, consultations, products, productVariants, variantPrices } from '../../db/schema/index';

/** A transaction or the database: both run the same queries. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface CartRow {
  id: number;
  token: string;
  channel: Channel;
  couponCode: string | null;
}

export interface SellableVariant {
  variantId: number;
  code: string;
  productId: number;
  productCode: string;
  category: string;
  isPrescriptionOnly: boolean;
  channels: string[];
  inStock: boolean;
  /** Pence per delivery (the discounted price when there is one), by frequency. */
  unitPrices: Partial<Record<Frequency, number>>;
}

export interface CartLineRow {
  id: number;
  frequency: number;
  quantity: number;
  product: { code: string; slug: string; name: string; isPrescriptionOnly: boolean; images: ProductImage[] };
  variant: { code: string; name: string; dosage: string; quantityPerMonth: number; quantityPerMonthType: string };
  price: number | null;
  discountedPrice: number | null;
  /** As the catalogue has them now, to check an added line against. */
  inStock: boolean;
  channels: string[];
}

export interface LinkedConsultation {
  id: string;
  questionnaireId: number;
  answers: Record<string, unknown>;
}

const cartColumns = { id: carts.id, token: carts.token, channel: carts.channel, couponCode: carts.couponCode };

export async function insertCart(db: Queryable, values: { token: string; channel: Channel; couponCode: string | null }): Promise<CartRow> {
  const [row] = await db.insert(carts).values(values).returning(cartColumns);
  return row as CartRow;
}

export async function findCart(db: Queryable, token: string): Promise<CartRow | null> {
  const [row] = await db.select(cartColumns).from(carts).where(eq(carts.token, token));
  return (row as CartRow | undefined) ?? null;
}

/** Locks the cart row for the rest of the transaction (an UPDATE locks like SELECT … FOR UPDATE) and touches it. */
export async function lockCart(tx: Queryable, token: string): Promise<CartRow | null> {
  const [row] = await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.token, token)).returning(cartColumns);
  return (row as CartRow | undefined) ?? null;
}

export async function deleteCart(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.delete(carts).where(eq(carts.token, token)).returning({ id: carts.id });
  return rows.length > 0;
}

/** Variants by code with their product and prices, in one query. */
export async function findSellableVariants(db: Queryable, codes: readonly string[]): Promise<SellableVariant[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({
      variantId: productVariants.id,
      code: productVariants.code,
      inStock: productVariants.inStock,
      productId: products.id,
      productCode: products.code,
      category: products.category,
      isPrescriptionOnly: products.isPrescriptionOnly,
      channels: products.channels,
      frequency: variantPrices.frequency,
      price: variantPrices.price,
      discountedPrice: variantPrices.discountedPrice,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(variantPrices, eq(variantPrices.variantId, productVariants.id))
    .where(inArray(productVariants.code, [...codes]));
  const variants = new Map<number, SellableVariant>();
  for (const { frequency, price, discountedPrice, ...variant } of rows) {
    const entry = variants.get(variant.variantId) ?? { ...variant, unitPrices: {} };
    if (frequency !== null && price !== null) entry.unitPrices[frequency as Frequency] = discountedPrice ?? price;
    variants.set(variant.variantId, entry);
  }
  return [...variants.values()];
}

export async function findLinkedConsultations(db: Queryable, cartId: number): Promise<LinkedConsultation[]> {
  return db
    .select({ id: consultations.id, questionnaireId: consultations.questionnaireId, answers: consultations.answers })
    .from(cartConsultations)
    .innerJoin(consultations, eq(consultations.id, cartConsultations.consultationId))
    .where(eq(cartConsultations.cartId, cartId));
}

/**
 * Puts a line in the cart, replacing the line it supersedes rather than adding a second: the same variant at
 * any frequency or, for a prescription medicine, any prescription medicine of the same category (another dose,
 * or another medicine for the same condition: one course of treatment at a time). The line keeps its id.
 * The caller holds the cart's lock, so two requests cannot both insert.
 */
export async function putLine(
  tx: Queryable,
  line: { cartId: number; variantId: number; frequency: Frequency; quantity: number; prescriptionCategory: string | null },
): Promise<void> {
  const supersedes = line.prescriptionCategory
    ? sql`${cartItems.variantId} in (
        select ${productVariants.id} from ${productVariants} join ${products} on ${products.id} = ${productVariants.productId}
        where ${products.category} = ${line.prescriptionCategory} and ${products.isPrescriptionOnly})`
    : sql`${cartItems.variantId} = ${line.variantId}::int`;
  await tx.execute(sql`
    with replaced as (
      update ${cartItems}
      set variant_id = ${line.variantId}::int, frequency = ${line.frequency}::int, quantity = ${line.quantity}::int
      where ${cartItems.id} = (
        select ${cartItems.id} from ${cartItems} where ${cartItems.cartId} = ${line.cartId}::int and ${supersedes} order by ${cartItems.id} limit 1
      )
      returning ${cartItems.id}
    )
    insert into ${cartItems} (cart_id, variant_id, frequency, quantity)
    select ${line.cartId}::int, ${line.variantId}::int, ${line.frequency}::int, ${line.quantity}::int
    where not exists (select 1 from replaced)`);
}

/** Removes one line of the cart with this token; false when there is no such line in that cart. */
export async function deleteLine(db: Queryable, token: string, itemId: number): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.token, token)))))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function findCartLines(db: Queryable, cartId: number): Promise<CartLineRow[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      frequency: cartItems.frequency,
      quantity: cartItems.quantity,
      productCode: products.code,
      productSlug: products.slug,
      productName: products.name,
      isPrescriptionOnly: products.isPrescriptionOnly,
      images: products.images,
      variantCode: productVariants.code,
      variantName: productVariants.name,
      dosage: productVariants.dosage,
      quantityPerMonth: productVariants.quantityPerMonth,
      quantityPerMonthType: productVariants.quantityPerMonthType,
      price: variantPrices.price,
      discountedPrice: variantPrices.discountedPrice,
      inStock: productVariants.inStock,
      channels: products.channels,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(variantPrices, and(eq(variantPrices.variantId, cartItems.variantId), eq(variantPrices.frequency, cartItems.frequency)))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  return rows.map((row) => ({
    id: row.id,
    frequency: row.frequency,
    quantity: row.quantity,
    product: {
      code: row.productCode,
      slug: row.productSlug,
      name: row.productName,
      isPrescriptionOnly: row.isPrescriptionOnly,
      images: row.images,
    },
    variant: {
      code: row.variantCode,
      name: row.variantName,
      dosage: row.dosage,
      quantityPerMonth: row.quantityPerMonth,
      quantityPerMonthType: row.quantityPerMonthType,
    },
    price: row.price,
    discountedPrice: row.discountedPrice,
    inStock: row.inStock,
    channels: row.channels,
  }));
}

/**
 * Links a consultation to the cart; it replaces any other consultation of the same questionnaire linked
 * before, so the cart is judged on one set of answers per consultation.
 */
export async function linkConsultation(tx: Queryable, cartId: number, consultationId: string, questionnaireId: number): Promise<void> {
  await tx
    .delete(cartConsultations)
    .where(
      and(
        eq(cartConsultations.cartId, cartId),
        inArray(
          cartConsultations.consultationId,
          tx.select({ id: consultations.id }).from(consultations).where(eq(consultations.questionnaireId, questionnaireId)),
        ),
        sql`${cartConsultations.consultationId} <> ${consultationId}`,
      ),
    );
  await tx.insert(cartConsultations).values({ cartId, consultationId }).onConflictDoNothing();
}
