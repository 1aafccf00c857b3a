import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { UNPLACED_ORDER_STATES, type OrderState } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { customers } from '../../db/schema/customers';
import { orderItems, orders } from '../../db/schema/orders';
import { paymentTokens } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { taskDefinitions, tasks } from '../../db/schema/tasks';
import { questionnaires } from '../../db/schema/quiz';

import type { OrderRow } from '../../db/schema/orders';
export type { OrderRow };
export type OrderItemRow = typeof orderItems.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Orders that never went anywhere: no history of treatment to show. */
const NOT_PLACED = [...UNPLACED_ORDER_STATES];
/** Orders that ended without a treatment on its way. */
const ENDED = ['payment_failed', 'rejected', 'cancelled', 'refunded'] satisfies OrderState[];

export async function customerProfile(db: Db, customerId: number) {
  const [row] = await db
    .select({ firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!;
}

/** One page of a patient's placed orders, newest first, with the number of all of them. */
export async function ordersPage(db: Db, customerId: number, page: number, limit: number) {
  const mine = and(eq(orders.customerId, customerId), notInArray(orders.state, NOT_PLACED));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(mine),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function itemsOfOrders(db: Db, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

/** The patient's newest order still on its way to them (not failed, rejected, cancelled or refunded). */
export async function latestLiveOrder(db: Db, customerId: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), notInArray(orders.state, ENDED)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

/** Per patient, not per order: a later order waits on a critical task an earlier one brought. */
export async function openCriticalTaskCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tasks)
    .innerJoin(taskDefinitions, eq(taskDefinitions.code, tasks.code))
    .where(and(eq(tasks.customerId, customerId), eq(tasks.state, 'open'), eq(taskDefinitions.isCritical, true)));
  return row?.count ?? 0;
}

export async function activeSubscriptions(db: Db, customerId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.state, 'active')))
    .orderBy(asc(subscriptions.nextDeliveryDate));
}

/** A subscription of this patient; undefined for anyone else's. `lock` holds it until the transaction ends. */
export async function ownSubscription(db: Db, customerId: number, id: string, { lock = false } = {}): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function orderById(db: Db, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function paymentTokenById(db: Db, id: number) {
  const [row] = await db.select({ brand: paymentTokens.brand, last4: paymentTokens.last4 }).from(paymentTokens).where(eq(paymentTokens.id, id));
  return row;
}

export async function setNextDeliveryDate(db: Db, id: string, date: string): Promise<void> {
  await db.update(subscriptions).set({ nextDeliveryDate: date, updatedAt: sql`now()` }).where(eq(subscriptions.id, id));
}

/** Products the patient has bought, with their categories. */
export async function boughtProducts(db: Db, customerId: number) {
  return db
    .selectDistinct({ code: products.code, category: products.category })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.code, orderItems.productCode))
    .where(and(eq(orders.customerId, customerId), notInArray(orders.state, NOT_PLACED)));
}

/** Products of these categories on the channel, not among those codes, in the shop's order. */
export async function productsOfCategories(db: Db, categories: string[], excludeCodes: string[], channel: string, limit: number) {
  if (categories.length === 0) return [];
  return db
    .select({
      code: products.code,
      slug: products.slug,
      name: products.name,
      shortDescription: products.shortDescription,
      category: products.category,
      images: products.images,
      isPrescriptionOnly: products.isPrescriptionOnly,
    })
    .from(products)
    .where(
      and(
        inArray(products.category, categories),
        excludeCodes.length > 0 ? notInArray(products.code, excludeCodes) : undefined,
        sql`${channel} = any(${products.channels})`,
      ),
    )
    .orderBy(asc(products.position), asc(products.id))
    .limit(limit);
}

/** The consultation slug per category (the questionnaire's taxon); follow-ups such as check-ins lead to no treatment. */
export async function consultationSlugsByTaxon(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ slug: questionnaires.slug, taxon: questionnaires.taxon })
    .from(questionnaires)
    .where(sql`coalesce(${questionnaires.definition}->>'kind', 'consultation') = 'consultation'`)
    .orderBy(asc(questionnaires.id));
  const map = new Map<string, string>();
  for (const row of rows) if (!map.has(row.taxon)) map.set(row.taxon, row.slug);
  return map;
}
