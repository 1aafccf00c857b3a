import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ATTRIBUTE,
  needsConsultation,
  NO_PROMOTION_HISTORY,
  PLACED_ORDER_STATES,
  REFERRAL_PROMOTION,
  type CartAddress,
  type Channel,
  type Frequency,
  type ProductImage,
  type Promotion,
  type PromotionHistory,
} from '@elmwood/domain';
import type { Db, Queryable } from '../../db/client';
import { cartConsultations, cartItems, carts, consultations, customers, promotions } from '../../db/schema/index';

/** A transaction or the database: both run the same queries. */
export type { Queryable };

export interface CartRow {
  id: number;
  token: string;
  channel: Channel;
  couponCode: string | null;
  /** The signed-in owner, or null while the cart is anonymous. */
  customerUid: string | null;
  shippingAddress: CartAddress | null;
  billingAddress: CartAddress | null;
  /** When an order was placed from it: from then on it can no longer change. */
  completedAt: Date | null;
  /** While an order from it waits for its payment (3-D Secure, PayPal): it cannot change until that ends. */
  lockedAt: Date | null;
}

/** A task definition a product brings (task_definitions through product_task_definitions). */
export interface ProductTaskRow {
  code: string;
  taskType: string;
  name: string;
  description: string;
  image: string | null;
  isCritical: boolean;
  isReminder: boolean;
  safetyCheck: boolean;
  position: number;
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
  product: { code: string; slug: string; name: string; isPrescriptionOnly: boolean; images: ProductImage[]; quickShip: boolean; isUnlicensed: boolean };
  variant: { code: string; name: string; dosage: string; quantityPerMonth: number; quantityPerMonthType: string };
  price: number | null;
  discountedPrice: number | null;
  /** The follow-up tasks an order of this line's product brings. */
  tasks: ProductTaskRow[];
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
  tasks: ProductTaskRow[];
}

export interface CartSnapshot {
  cart: CartRow;
  /** What the orders of the cart's owner say about the promotions they may have; null for a visitor's cart. */
  promotionHistory: PromotionHistory | null;
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

const cartColumns = {
  id: carts.id,
  token: carts.token,
  channel: carts.channel,
  couponCode: carts.couponCode,
  customerUid: carts.customerUid,
  shippingAddress: carts.shippingAddress,
  billingAddress: carts.billingAddress,
  completedAt: carts.completedAt,
  lockedAt: carts.lockedAt,
};

/**
 * A cart that may still change: no order placed from it and none waiting for its payment. Part of every write's
 * own WHERE (not a read before it): a write blocked by the checkout's row lock re-checks it on the row as the
 * checkout left it, so nothing lands in a cart once its order exists.
 */
const changeableCart = and(sql`${carts.completedAt} is null`, sql`${carts.lockedAt} is null`);

export async function insertCart(db: Queryable, values: { token: string; channel: Channel; couponCode: string | null }): Promise<CartRow> {
  const [row] = await db.insert(carts).values(values).returning(cartColumns);
  return row as CartRow;
}

/** The checkout's addresses; a null billing address means 'same as delivery'. False when there is no such cart, or it cannot change. */
export async function setCheckoutAddresses(db: Queryable, token: string, shipping: CartAddress, billing: CartAddress | null): Promise<boolean> {
  const rows = await db
    .update(carts)
    .set({ shippingAddress: shipping, billingAddress: billing, updatedAt: new Date() })
    .where(and(eq(carts.token, token), changeableCart))
    .returning({ id: carts.id });
  return rows.length > 0;
}

/**
 * After sign-in, the anonymous cart the browser holds becomes the patient's, and their earlier open carts (not
 * completed, no order placed from them) are merged into it and deleted, in one transaction:
 * - a line of the anonymous cart wins its slot (a newer consultation's medicine replaces an older one); other
 *   lines carry over, the most recent earlier cart first;
 * - a medicine that needs a consultation (prescription-only or a pharmacy medicine) from an earlier cart is left
 *   out when the merged cart already holds a newer consultation covering it: that consultation is the clinical
 *   truth now, and the patient chooses again under it; and when no consultation of its own cart covers it (one put
 *   there before the rule held): it never comes in without the consultation that allows it;
 * - consultations carry over, one per questionnaire (the anonymous cart's, then the most recent);
 * - one coupon and one set of addresses are kept: the anonymous cart's, else the most recent earlier cart's.
 * Every cart involved is locked first (FOR UPDATE, in id order, so two sign-ins cannot deadlock). A line's insert
 * needs a key-share lock on its cart, so an add racing the merge either lands before it (and is moved) or after
 * it (into the merged cart, or a 404 for the deleted one): no item is lost without the patient being told.
 * A cart someone already owns, or an unknown token, changes nothing. True when the cart is now the patient's.
 */
export async function claimCart(db: Db, token: string, customerUid: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const run = async <T>(query: ReturnType<typeof sql>) => (await tx.execute(query)) as unknown as { rows: T[] };
    type Locked = { id: number; customer_uid: string | null; coupon_code: string | null; shipping_address: unknown; billing_address: unknown };
    const { rows: locked } = await run<Locked>(sql`
      select id, customer_uid, coupon_code, shipping_address, billing_address from carts
      where completed_at is null and locked_at is null
        and ((token = ${token} and customer_uid is null)
          or (customer_uid = ${customerUid} and not exists (select 1 from orders o where o.cart_id = carts.id)))
      order by id
      for update`);
    // Re-checked under the lock: a cart claimed meanwhile by someone else is no longer in the result.
    const { rows: target } = await run<{ id: number }>(sql`select id from carts where token = ${token} and customer_uid is null`);
    const claimed = locked.find((cart) => cart.id === target[0]?.id);
    if (!claimed) return false;
    const { rows: recency } = await run<{ id: number }>(sql`
      select id from carts where id in (${sql.join(locked.map((cart) => sql`${cart.id}`), sql`, `)}) and id <> ${claimed.id}
      order by updated_at desc, id desc`);
    const earlier = recency.map((row) => locked.find((cart) => cart.id === row.id)!);

    for (const cart of earlier) {
      // Which consultations cover a line is read here; which lines need one is the domain's rule (prescription-only,
      // or a pharmacy medicine), decided once, not again in SQL.
      const covering = (cartId: number) => sql`exists (
            select 1 from cart_consultations cc
            join consultations k on k.id = cc.consultation_id
            join questionnaires q on q.id = k.questionnaire_id
            where cc.cart_id = ${cartId}
              and q.definition -> 'rules' -> 'products' @> jsonb_build_array(jsonb_build_object('code', p.code)))`;
      type Candidate = { id: number; code: string; is_prescription_only: boolean; covered_here: boolean; covered_there: boolean };
      const { rows: candidates } = await run<Candidate>(sql`
        select ci.id, p.code, p.is_prescription_only, ${covering(claimed.id)} as covered_here, ${covering(cart.id)} as covered_there
        from cart_items ci
        join product_variants v on v.id = ci.variant_id
        join products p on p.id = v.product_id
        where ci.cart_id = ${cart.id}`);
      const leftOut = candidates
        .filter((line) => needsConsultation({ code: line.code, isPrescriptionOnly: line.is_prescription_only }) && (line.covered_here || !line.covered_there))
        .map((line) => line.id);
      await tx.execute(sql`
        insert into cart_items (cart_id, variant_id, frequency, quantity, slot, created_at)
        select ${claimed.id}, ci.variant_id, ci.frequency, ci.quantity, ci.slot, ci.created_at
        from cart_items ci
        where ci.cart_id = ${cart.id}${leftOut.length > 0 ? sql` and ci.id not in (${sql.join(leftOut.map((id) => sql`${id}`), sql`, `)})` : sql``}
        on conflict (cart_id, slot) do nothing`);
      await tx.execute(sql`
        insert into cart_consultations (cart_id, consultation_id)
        select ${claimed.id}, cc.consultation_id
        from cart_consultations cc join consultations k on k.id = cc.consultation_id
        where cc.cart_id = ${cart.id}
          and not exists (
            select 1 from cart_consultations mine join consultations km on km.id = mine.consultation_id
            where mine.cart_id = ${claimed.id} and km.questionnaire_id = k.questionnaire_id)
        on conflict do nothing`);
    }
    const coupon = claimed.coupon_code ?? earlier.find((cart) => cart.coupon_code)?.coupon_code ?? null;
    const addressed = claimed.shipping_address ? claimed : (earlier.find((cart) => cart.shipping_address) ?? claimed);
    if (earlier.length > 0) {
      await tx.delete(carts).where(inArray(carts.id, earlier.map((cart) => cart.id)));
    }
    await tx
      .update(carts)
      .set({
        customerUid,
        couponCode: coupon,
        shippingAddress: addressed.shipping_address as Record<string, unknown> | null,
        billingAddress: addressed.billing_address as Record<string, unknown> | null,
        updatedAt: new Date(),
      })
      .where(eq(carts.id, claimed.id));
    return true;
  });
}

/** False when there is no such cart, or it cannot change. */
export async function setCouponCode(db: Queryable, token: string, couponCode: string | null): Promise<boolean> {
  const rows = await db
    .update(carts)
    .set({ couponCode, updatedAt: new Date() })
    .where(and(eq(carts.token, token), changeableCart))
    .returning({ id: carts.id });
  return rows.length > 0;
}

/** False when there is no such cart, or it cannot change (deleting it would unlink its order from the consultation). */
export async function deleteCart(db: Queryable, token: string): Promise<boolean> {
  const rows = await db
    .delete(carts)
    .where(and(eq(carts.token, token), changeableCart))
    .returning({ id: carts.id });
  return rows.length > 0;
}

/**
 * From a pending order's creation the cart cannot change, and its consultations become that order's record: they
 * never change again. One statement, as the order's transaction holds the cart's lock while it runs.
 */
export async function lockCartForPayment(tx: Queryable, cartId: number): Promise<void> {
  await tx.execute(sql`
    with locked as (update ${carts} set locked_at = ${new Date().toISOString()}::timestamptz where id = ${cartId})
    update ${consultations} set closed_at = now()
    where id in (select consultation_id from ${cartConsultations} where cart_id = ${cartId}) and closed_at is null`);
}

/**
 * A key-share lock on the cart, when it may still change, inside the caller's transaction: the checkout's
 * SELECT … FOR UPDATE waits for it, and it waits for the checkout (then sees the cart locked). False otherwise.
 */
export async function holdChangeableCart(tx: Queryable, cartId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), changeableCart))
    .for('key share');
  return rows.length > 0;
}

/* JSON built in the database, so that a cart, its consultations, its lines and a variant come in one round trip. */

/** The cart row of the outer query, qualified: drizzle leaves columns of a single-table select unqualified. */
const outerCartId = sql.raw('"carts"."id"');

const productJson = sql`json_build_object('code', p.code, 'slug', p.slug, 'name', p.name,
  'isPrescriptionOnly', p.is_prescription_only, 'images', p.images, 'quickShip', p.quick_ship,
  'isUnlicensed', p.attributes @> ${JSON.stringify([{ code: ATTRIBUTE.unlicensedMedicine }])}::jsonb)`;
/** The task definitions product p brings; empty until they are seeded. */
const productTasksJson = sql`(select coalesce(json_agg(json_build_object('code', td.code, 'taskType', td.task_type, 'name', td.name,
    'description', td.description, 'image', td.image, 'isCritical', td.is_critical, 'isReminder', td.is_reminder,
    'safetyCheck', td.safety_check, 'position', td.position) order by td.position, td.code), '[]'::json)
  from product_task_definitions ptd join task_definitions td on td.code = ptd.task_code where ptd.product_id = p.id)`;
const variantJson = sql`json_build_object('code', v.code, 'name', v.name, 'dosage', v.dosage,
  'quantityPerMonth', v.quantity_per_month, 'quantityPerMonthType', v.quantity_per_month_type)`;

function linesOf(cartId: ReturnType<typeof sql.raw> | number) {
  return sql<CartLineRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ci.id, 'frequency', ci.frequency, 'quantity', ci.quantity, 'slot', ci.slot,
    'product', ${productJson}, 'variant', ${variantJson},
    'price', vp.price, 'discountedPrice', vp.discounted_price, 'tasks', ${productTasksJson}) order by ci.id), '[]'::json)
  from cart_items ci
  join product_variants v on v.id = ci.variant_id
  join products p on p.id = v.product_id
  left join variant_prices vp on vp.variant_id = ci.variant_id and vp.frequency = ci.frequency
  where ci.cart_id = ${cartId})`;
}
const linesJson = linesOf(outerCartId);

const linkedJson = sql<LinkedConsultation[]>`(
  select coalesce(json_agg(json_build_object('id', k.id, 'questionnaireId', k.questionnaire_id, 'answers', k.answers)), '[]'::json)
  from cart_consultations cc
  join consultations k on k.id = cc.consultation_id
  where cc.cart_id = ${outerCartId})`;

const PLACED_STATES = sql.join(PLACED_ORDER_STATES.map((state) => sql`${state}`), sql`, `);
/** A discount an order carried is a first-order one: the referral discount, or a promotion set up for first orders only. */
const FIRST_ORDER_CODE = sql`(d.value->>'code' = ${REFERRAL_PROMOTION.code}
  or exists (select 1 from promotions p where p.code = d.value->>'code' and (p.definition->>'firstOrderOnly')::boolean))`;

/**
 * What the orders of the patient `customer` names (a condition on customers k) say about the promotions they may
 * still have (PromotionHistory). `pricing` names the cart being priced: its own waiting attempt reserves nothing
 * against it (paying again replaces that attempt). `otherThan` leaves out the order being placed. Null when
 * `customer` matches nobody, as for a visitor's cart.
 */
function promotionHistoryOf(customer: SQL, { pricing, otherThan }: { pricing?: SQL; otherThan?: number } = {}) {
  const others = otherThan === undefined ? sql`` : sql` and o.id <> ${otherThan}`;
  const placed = sql`o.state in (${PLACED_STATES})${others}`;
  const pending = sql`o.state = 'payment_pending'${others}${pricing === undefined ? sql`` : sql` and o.cart_id is distinct from ${pricing}`}`;
  const uses = (which: SQL) => sql`coalesce((select json_object_agg(u.code, u.orders) from (
      select d.value->>'code' as code, count(distinct o.id)::int as orders
      from orders o cross join jsonb_array_elements(o.discounts) d
      where o.customer_id = k.id and ${which} and d.value->>'code' is not null group by 1) u), '{}'::json)`;
  const firstOrderIn = (which: SQL) => sql`exists (select 1 from orders o cross join jsonb_array_elements(o.discounts) d
      where o.customer_id = k.id and ${which} and ${FIRST_ORDER_CODE})`;
  return sql<PromotionHistory | null>`(select json_build_object(
      'placedOrders', (select count(*)::int from orders o where o.customer_id = k.id and ${placed}),
      'firstOrderUsed', ${firstOrderIn(placed)},
      'firstOrderReserved', ${firstOrderIn(pending)},
      'placedUses', ${uses(placed)},
      'pendingUses', ${uses(pending)})
    from customers k where ${customer})`;
}
const promotionHistoryJson = promotionHistoryOf(sql`k.uid = "carts"."customer_uid"`, { pricing: outerCartId });

/** The promotion history (see promotionHistoryOf) of the patient with this uid, as the cart `pricingCartId` is priced for them. */
export async function findPromotionHistory(db: Queryable, customerUid: string, pricingCartId: number): Promise<PromotionHistory> {
  const result = await db.execute(sql`select ${promotionHistoryOf(sql`k.uid = ${customerUid}::uuid`, { pricing: sql`${pricingCartId}` })} as history`);
  return (result as unknown as { rows: { history: PromotionHistory | null }[] }).rows[0]?.history ?? NO_PROMOTION_HISTORY;
}

/** The history of the patient's orders other than `orderId`: what placing that order is judged against. */
export async function findOtherOrdersHistory(db: Queryable, customerId: number, orderId: number): Promise<PromotionHistory> {
  const result = await db.execute(sql`select ${promotionHistoryOf(sql`k.id = ${customerId}`, { otherThan: orderId })} as history`);
  return (result as unknown as { rows: { history: PromotionHistory | null }[] }).rows[0]?.history ?? NO_PROMOTION_HISTORY;
}

/**
 * Locks the patient's row, in the caller's transaction: writing an order, placing one and renewing a plan take turns
 * per patient, so what one spends (referral credit, a first-order discount, a promotion's last use) another sees.
 */
export async function lockPatient(db: Queryable, patient: { uid: string } | { id: number }): Promise<void> {
  await db
    .select({ id: customers.id })
    .from(customers)
    .where('uid' in patient ? eq(customers.uid, patient.uid) : eq(customers.id, patient.id))
    .for('update');
}

/** The promotions these codes name, active or not (an order keeps the codes it was priced with). */
export async function findPromotionDefinitions(db: Queryable, codes: readonly string[]): Promise<Promotion[]> {
  if (codes.length === 0) return [];
  const rows = await db.select({ definition: promotions.definition }).from(promotions).where(inArray(promotions.code, [...codes]));
  return rows.map((row) => row.definition);
}

const sellableJson = sql`json_build_object(
  'variantId', v.id, 'code', v.code, 'inStock', v.in_stock,
  'productCode', p.code, 'category', p.category, 'isPrescriptionOnly', p.is_prescription_only, 'channels', p.channels,
  'prices', (select coalesce(json_agg(json_build_object('frequency', vp.frequency, 'price', vp.price, 'discountedPrice', vp.discounted_price)), '[]'::json)
             from variant_prices vp where vp.variant_id = v.id),
  'product', ${productJson}, 'variant', ${variantJson}, 'tasks', ${productTasksJson})`;

function snapshotQuery(db: Queryable, token: string | ReturnType<typeof sql.placeholder>) {
  return db.select({ ...cartColumns, linked: linkedJson, lines: linesJson, promotionHistory: promotionHistoryJson }).from(carts).where(eq(carts.token, token));
}

function toSnapshot(row: {
  id: number;
  token: string;
  channel: string;
  couponCode: string | null;
  customerUid: string | null;
  shippingAddress: Record<string, unknown> | null;
  billingAddress: Record<string, unknown> | null;
  completedAt: Date | string | null;
  lockedAt: Date | string | null;
  linked: LinkedConsultation[];
  lines: CartLineRow[];
  promotionHistory: PromotionHistory | null;
}): CartSnapshot {
  return {
    cart: {
      id: row.id,
      token: row.token,
      channel: row.channel as Channel,
      couponCode: row.couponCode,
      customerUid: row.customerUid,
      shippingAddress: row.shippingAddress as CartAddress | null,
      billingAddress: row.billingAddress as CartAddress | null,
      // A prepared statement may hand back the raw timestamp text.
      completedAt: row.completedAt === null ? null : new Date(row.completedAt),
      lockedAt: row.lockedAt === null ? null : new Date(row.lockedAt),
    },
    linked: row.linked,
    lines: row.lines,
    promotionHistory: row.promotionHistory,
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

/** What a checkout reads before locking the cart: who may see it, its coupon, its consultations' questionnaires. */
export interface CheckoutRulesRead {
  customerUid: string | null;
  couponCode: string | null;
  questionnaireIds: number[];
}

/** Prepared once: the checkout's first read, without the lines (those are read again under the lock anyway). */
export function preparedCheckoutRulesRead(db: Db): (token: string) => Promise<CheckoutRulesRead | null> {
  const statement = db
    .select({
      customerUid: carts.customerUid,
      couponCode: carts.couponCode,
      questionnaireIds: sql<number[]>`(select coalesce(json_agg(distinct k.questionnaire_id), '[]'::json)
        from cart_consultations cc join consultations k on k.id = cc.consultation_id where cc.cart_id = ${outerCartId})`,
    })
    .from(carts)
    .where(eq(carts.token, sql.placeholder('token')))
    .prepare('checkout_rules_read');
  return async (token) => {
    const [row] = await statement.execute({ token });
    return row ?? null;
  };
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
      promotionHistory: promotionHistoryJson,
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
 * Puts a line in its slot of the cart in one atomic statement and returns its id, or null when the cart cannot
 * change (an order is placed or waiting for its payment): a line already in the slot is replaced and keeps its id.
 * The unique (cart, slot) constraint makes concurrent adds safe; the key-share lock on the cart row makes the
 * statement wait for a checkout holding it and then re-check the cart as that checkout left it.
 *
 * The statement commits asynchronously (synchronous_commit off for its own transaction only): it does not wait
 * for the WAL flush, which is much of its cost. A crash of the database server can lose a cart line added in the
 * last fraction of a second, never corrupt anything; carts are a browsing convenience, and the order is written
 * durably at checkout. Other writes (consultations, orders, payments) keep the default.
 */
export async function putLine(db: Queryable, line: NewLine): Promise<number | null> {
  const result = await db.execute(sql`
    insert into ${cartItems} (cart_id, variant_id, frequency, quantity, slot)
    select c.id, ${line.variantId}::int, ${line.frequency}::int, ${line.quantity}::int, ${line.slot}::text
    from (select set_config('synchronous_commit', 'off', true)) as async_commit, carts c
    where c.id = ${line.cartId}::int and c.completed_at is null and c.locked_at is null
    for key share of c
    on conflict (cart_id, slot) do update
      set variant_id = excluded.variant_id, frequency = excluded.frequency, quantity = excluded.quantity
    returning id`);
  const [row] = (result as unknown as { rows: { id: number }[] }).rows;
  return row?.id ?? null;
}

/** Removes one line of the cart with this token; false when there is no such line in that cart, or it cannot change. */
export async function deleteLine(db: Queryable, token: string, itemId: number): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.id, itemId),
        inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(and(eq(carts.token, token), changeableCart)).for('key share')),
      ),
    )
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function findCartLines(db: Queryable, cartId: number): Promise<CartLineRow[]> {
  const result = await db.execute(sql`select ${linesOf(cartId)} as lines`);
  return (result as unknown as { rows: { lines: CartLineRow[] | string }[] }).rows.map((row) => (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines))[0] ?? [];
}

/**
 * Links a consultation to the cart; it replaces any other consultation of the same questionnaire linked
 * before, so the cart is judged on one set of answers per consultation. False when the cart cannot change.
 */
export async function linkConsultation(tx: Queryable, cartId: number, consultationId: string, questionnaireId: number): Promise<boolean> {
  if (!(await holdChangeableCart(tx, cartId))) return false;
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
  return true;
}
