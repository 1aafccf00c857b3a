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
  /** The signed-in owner, or null while the cart is anonymous. */
  customerUid: string | null;
}

export interface LinkedConsultation {
  id: string;
  questionnaireId: number;
  answers: Record<string, unknown>;
}

export interface CartLineRow {
  id: number;
  frequency: number;
  quantity: number;
  /** See cart_items.slot. */
  slot: string;
  product: { code: string; slug: string; name: string; isPrescriptionOnly: boolean; images: ProductImage[] };
  variant: { code: string; name: string; dosage: string; quantityPerMonth: number; quantityPerMonthType: string };
  price: number | null;
  discountedPrice: number | null;
}

/** A variant as the catalogue has it now: what deciding on an add needs, and what its cart line shows. */
export interface SellableVariant {
  variantId: number;
  code: string;
  inStock: boolean;
  productCode: string;
  category: string;
  isPrescriptionOnly: boolean;
  channels: string[];
  prices: { frequency: number; price: number; discountedPrice: number | null }[];
  product: CartLineRow['product'];
  variant: CartLineRow['variant'];
}

export interface CartSnapshot {
  cart: CartRow;
  linked: LinkedConsultation[];
  lines: CartLineRow[];
}

export interface NewLine {
  cartId: number;
  variantId: number;
  frequency: Frequency;
  quantity: number;
  /** 'rx:{category}' for a prescription medicine, else 'variant:{variant id}' (see cart_items.slot). */
  slot: string;
}

const cartColumns = { id: carts.id, token: carts.token, channel: carts.channel, couponCode: carts.couponCode, customerUid: carts.customerUid };

export async function insertCart(db: Queryable, values: { token: string; channel: Channel; couponCode: string | null }): Promise<CartRow> {
  const [row] = await db.insert(carts).values(values).returning(cartColumns);
  return row as CartRow;
}

/** Gives an anonymous cart to the patient who just signed in; a cart someone already owns stays theirs. */
export async function claimCart(db: Queryable, token: string, customerUid: string): Promise<boolean> {
  const rows = await db
    .update(carts)
    .set({ customerUid, updatedAt: new Date() })
    .where(and(eq(carts.token, token), sql`${carts.customerUid} is null`))
    .returning({ id: carts.id });
  return rows.length > 0;
}

/** False when there is no such cart. */
export async function setCouponCode(db: Queryable, token: string, couponCode: string | null): Promise<boolean> {
  const rows = await db.update(carts).set({ couponCode, updatedAt: new Date() }).where(eq(carts.token, token)).returning({ id: carts.id });
  return rows.length > 0;
}

export async function deleteCart(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.delete(carts).where(eq(carts.token, token)).returning({ id: carts.id });
  return rows.length > 0;
}

/* JSON built in the database, so that a cart, its consultations, its lines and a variant come in one round trip. */

/** The cart row of the outer query, qualified: drizzle leaves columns of a single-table select unqualified. */
const outerCartId = sql.raw('"carts"."id"');

const productJson = sql`json_build_object('code', p.code, 'slug', p.slug, 'name', p.name,
  'isPrescriptionOnly', p.is_prescription_only, 'images', p.images)`;
const variantJson = sql`json_build_object('code', v.code, 'name', v.name, 'dosage', v.dosage,
  'quantityPerMonth', v.quantity_per_month, 'quantityPerMonthType', v.quantity_per_month_type)`;

const linesJson = sql<CartLineRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ci.id, 'frequency', ci.frequency, 'quantity', ci.quantity, 'slot', ci.slot,
    'product', ${productJson}, 'variant', ${variantJson},
    'price', vp.price, 'discountedPrice', vp.discounted_price) order by ci.id), '[]'::json)
  from cart_items ci
  join product_variants v on v.id = ci.variant_id
  join products p on p.id = v.product_id
  left join variant_prices vp on vp.variant_id = ci.variant_id and vp.frequency = ci.frequency
  where ci.cart_id = ${outerCartId})`;

const linkedJson = sql<LinkedConsultation[]>`(
  select coalesce(json_agg(json_build_object('id', k.id, 'questionnaireId', k.questionnaire_id, 'answers', k.answers)), '[]'::json)
  from cart_consultations cc
  join consultations k on k.id = cc.consultation_id
  where cc.cart_id = ${outerCartId})`;

const sellableJson = sql`json_build_object(
  'variantId', v.id, 'code', v.code, 'inStock', v.in_stock,
  'productCode', p.code, 'category', p.category, 'isPrescriptionOnly', p.is_prescription_only, 'channels', p.channels,
  'prices', (select coalesce(json_agg(json_build_object('frequency', vp.frequency, 'price', vp.price, 'discountedPrice', vp.discounted_price)), '[]'::json)
             from variant_prices vp where vp.variant_id = v.id),
  'product', ${productJson}, 'variant', ${variantJson})`;

function snapshotQuery(db: Queryable, token: string | ReturnType<typeof sql.placeholder>) {
  return db.select({ ...cartColumns, linked: linkedJson, lines: linesJson }).from(carts).where(eq(carts.token, token));
}

function toSnapshot(row: {
  id: number;
  token: string;
  channel: string;
  couponCode: string | null;
  customerUid: string | null;
  linked: LinkedConsultation[];
  lines: CartLineRow[];
}): CartSnapshot {
  return {
    cart: { id: row.id, token: row.token, channel: row.channel as Channel, couponCode: row.couponCode, customerUid: row.customerUid },
    linked: row.linked,
    lines: row.lines,
  };
}

/** The cart with its consultations' answers and its lines, in one query; null when there is no such cart. */
export async function findCartSnapshot(db: Queryable, token: string): Promise<CartSnapshot | null> {
  const [row] = await snapshotQuery(db, token);
  return row ? toSnapshot(row) : null;
}

/** Variants by code, as the catalogue has them now, in one query. */
export async function findSellableVariants(db: Queryable, codes: readonly string[]): Promise<SellableVariant[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ variant: sql<SellableVariant>`${sellableJson}` })
    .from(sql`product_variants v join products p on p.id = v.product_id`)
    .where(inArray(sql`v.code`, [...codes]));
  return rows.map((row) => row.variant);
}

/**
 * What adding one item reads, prepared once (PostgreSQL plans it once per connection, and its SQL is built once):
 * the cart, its consultations and lines, and the wanted variant, in a single round trip.
 */
export function preparedAddItemRead(db: Db): (token: string, variantCode: string) => Promise<(CartSnapshot & { variant: SellableVariant | null }) | null> {
  const statement = db
    .select({
      ...cartColumns,
      linked: linkedJson,
      lines: linesJson,
      variant: sql<SellableVariant | null>`(select ${sellableJson} from product_variants v join products p on p.id = v.product_id
        where v.code = ${sql.placeholder('variantCode')})`,
    })
    .from(carts)
    .where(eq(carts.token, sql.placeholder('token')))
    .prepare('cart_add_item_read');
  return async (token, variantCode) => {
    const [row] = await statement.execute({ token, variantCode });
    return row ? { ...toSnapshot(row), variant: row.variant } : null;
  };
}

/**
 * Puts a line in its slot of the cart in one atomic statement and returns its id: a line already in the slot is
 * replaced and keeps its id. The unique (cart, slot) constraint makes concurrent adds safe without a lock.
 *
 * The statement commits asynchronously (synchronous_commit off for its own transaction only): it does not wait
 * for the WAL flush, which is much of its cost. A crash of the database server can lose a cart line added in the
 * last fraction of a second, never corrupt anything; carts are a browsing convenience, and the order is written
 * durably at checkout. Other writes (consultations, orders, payments) keep the default.
 */
export async function putLine(db: Queryable, line: NewLine): Promise<number> {
  const result = await db.execute(sql`
    insert into ${cartItems} (cart_id, variant_id, frequency, quantity, slot)
    select ${line.cartId}::int, ${line.variantId}::int, ${line.frequency}::int, ${line.quantity}::int, ${line.slot}::text
    from (select set_config('synchronous_commit', 'off', true)) as async_commit
    on conflict (cart_id, slot) do update
      set variant_id = excluded.variant_id, frequency = excluded.frequency, quantity = excluded.quantity
    returning id`);
  const [row] = (result as unknown as { rows: { id: number }[] }).rows;
  return row!.id;
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
      slot: cartItems.slot,
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
    slot: row.slot,
    product: { code: row.productCode, slug: row.productSlug, name: row.productName, isPrescriptionOnly: row.isPrescriptionOnly, images: row.images },
    variant: {
      code: row.variantCode,
      name: row.variantName,
      dosage: row.dosage,
      quantityPerMonth: row.quantityPerMonth,
      quantityPerMonthType: row.quantityPerMonthType,
    },
    price: row.price,
    discountedPrice: row.discountedPrice,
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
