import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { doseIncreaseCheck, doseOptions, dosingTimeline, firstRenewalDelivery, lastSuppliedDose, reTitration, reTitrationRuleFor, type DoseIncreaseCheck, type DoseOption, type IsoDate, type LadderStep, type ReTitration, type SuppliedDose } from '@elmwood/domain';
import { productVariants, products } from '../../db/schema/catalog';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import type { Queryable } from '../../db/client';

/** Orders the patient received: approved, then dispatched. Rejected, cancelled or unpaid ones supplied nothing. */
const SUPPLIED_STATES = ['dispatched', 'delivered'];

type PlanRef = Pick<typeof subscriptions.$inferSelect, 'id' | 'orderId' | 'frequency'>;

/** One line of a plan's supply: the medicine and dose dispatched, the day, and the order it came in. */
export interface PlanSupply extends SuppliedDose {
  orderId: number;
  productName: string;
  /** Pens in the supply: a month's pen per line quantity, three for a quarterly delivery. */
  pens: number;
}

/**
 * What the plan supplied, oldest first: the lines of its first order and of its renewals that were dispatched,
 * each dated by its dispatch (UK calendar).
 */
export async function planSupplies(db: Queryable, plan: PlanRef): Promise<PlanSupply[]> {
  const dispatchedOn = db
    .select({ orderId: orderEvents.orderId, day: sql<string>`min((${orderEvents.createdAt} at time zone 'Europe/London')::date)::text`.as('day') })
    .from(orderEvents)
    .where(and(eq(orderEvents.machine, 'order'), eq(orderEvents.event, 'dispatched')))
    .groupBy(orderEvents.orderId)
    .as('dispatched_on');
  const ofPlan = db.select({ orderId: subscriptionRenewals.orderId }).from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, plan.id));
  const rows = await db
    .select({
      orderId: orders.id,
      productCode: orderItems.productCode,
      productName: orderItems.productName,
      variantCode: orderItems.variantCode,
      dosage: orderItems.dosage,
      pens: sql<number>`(${orderItems.quantity} * greatest(1, round(${orderItems.frequency} / 30.0)))::int`,
      suppliedOn: sql<string>`coalesce(${dispatchedOn.day}, ((${orders.createdAt} at time zone 'Europe/London')::date)::text)`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(dispatchedOn, eq(dispatchedOn.orderId, orders.id))
    .where(and(or(eq(orders.id, plan.orderId), inArray(orders.id, ofPlan)), inArray(orders.state, SUPPLIED_STATES), eq(orderItems.frequency, plan.frequency)))
    .orderBy(asc(orders.id), asc(orderItems.id));
  return rows.sort((a, b) => (a.suppliedOn < b.suppliedOn ? -1 : a.suppliedOn > b.suppliedOn ? 1 : a.orderId - b.orderId));
}

export interface RenewalDose {
  /** The order whose lines a renewal repeats: the last one the patient received, else the order that began the plan. */
  sourceOrderId: number;
  supplies: PlanSupply[];
}

/** Where a renewal's dose starts from: the dose last supplied, never one rejected, cancelled or unpaid. */
export async function renewalDose(db: Queryable, plan: PlanRef): Promise<RenewalDose> {
  const supplies = await planSupplies(db, plan);
  return { sourceOrderId: lastSuppliedDose(supplies)?.orderId ?? plan.orderId, supplies };
}

export interface DoseChoices {
  /** The medicine's dose the renewal starts from. */
  current: { productCode: string; variantCode: string; dosage: string } | null;
  options: DoseOption[];
  increase: DoseIncreaseCheck;
}

/**
 * The doses a supply on `supplyOn` may be, from the lines the renewal repeats: one step down, the same, or one step
 * up once the licence's wait on the current dose is over (doseIncreaseCheck). Before the first supply is dispatched
 * a step up may still be asked for: it is checked again when the renewal is made.
 */
export async function doseChoicesFor(db: Queryable, dose: RenewalDose, lines: readonly { productCode: string; variantCode: string; dosage: string; isPrescriptionOnly: boolean }[], supplyOn: IsoDate): Promise<DoseChoices> {
  // The new dose is first taken when the supply in use runs out (a pen delivered before then waits), so the licence's
  // 4 weeks on the current dose count to that day, not to the delivery.
  const last = lastSuppliedDose(dose.supplies);
  const rule = last ? reTitrationRuleFor(last.productCode) : null;
  const nextDose = rule ? dosingTimeline(dose.supplies, rule)?.nextDoseOn : undefined;
  const increase = doseIncreaseCheck(dose.supplies, nextDose && nextDose > supplyOn ? nextDose : supplyOn);
  const medicine = lines.find((item) => item.isPrescriptionOnly) ?? lines[0];
  if (!medicine) return { current: null, options: [], increase };
  const variants = await db
    .select({ code: productVariants.code, dosage: productVariants.dosage, position: productVariants.position })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.code, medicine.productCode))
    .orderBy(asc(productVariants.position));
  const increaseAllowed = dose.supplies.length === 0 || increase.allowed;
  return {
    current: { productCode: medicine.productCode, variantCode: medicine.variantCode, dosage: medicine.dosage },
    options: doseOptions(variants, medicine.variantCode, { increaseAllowed }),
    increase,
  };
}

/** A medicine's doses in the catalogue's order (lowest first): the steps of its titration. */
export async function doseLadder(db: Queryable, productCode: string): Promise<LadderStep[]> {
  return db
    .select({ code: productVariants.code, dosage: productVariants.dosage, position: productVariants.position })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.code, productCode))
    .orderBy(asc(productVariants.position));
}

/**
 * Whether the plan's next supply, taken from `doseOn`, must re-titrate (reTitration: the gap since the last dose its
 * dispatched supplies covered, or the doses the patient says they missed), and at which dose.
 */
export async function planReTitration(db: Queryable, plan: PlanRef, doseOn: IsoDate, statedMissedDoses: number | null): Promise<ReTitration | null> {
  const supplies = await planSupplies(db, plan);
  const last = lastSuppliedDose(supplies);
  if (!last) return null;
  return reTitration({ supplies, doseOn, statedMissedDoses, steps: await doseLadder(db, last.productCode) });
}

/**
 * A plan's first order was dispatched: its first renewal is dated from that dispatch (firstRenewalDelivery: before
 * the last dose the supply covers), not from the day it was ordered, so the next pen comes before the first runs out
 * and no gap forces a restart. Only while the plan waits for that renewal (active, none ordered); dated by the
 * database's clock, as the dispatch is (planSupplies).
 */
export async function dateFirstRenewalFromDispatch(tx: Queryable, orderId: number): Promise<void> {
  const plans = await tx.select().from(subscriptions).where(and(eq(subscriptions.orderId, orderId), eq(subscriptions.state, 'active'))).for('update');
  for (const plan of plans) {
    const renewed = await tx.select({ id: subscriptionRenewals.id }).from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, plan.id)).limit(1);
    if (renewed.length > 0) continue;
    const [line] = await tx
      .select({ productCode: orderItems.productCode, quantity: orderItems.quantity, today: sql<string>`((now() at time zone 'Europe/London')::date)::text` })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.frequency, plan.frequency), eq(orderItems.isPrescriptionOnly, true)))
      .orderBy(asc(orderItems.id))
      .limit(1);
    if (!line) continue;
    const next = firstRenewalDelivery({ productCode: line.productCode, suppliedOn: line.today, pens: line.quantity * Math.max(1, Math.round(plan.frequency / 30)) });
    if (next) await tx.update(subscriptions).set({ nextDeliveryDate: next, updatedAt: new Date() }).where(eq(subscriptions.id, plan.id));
  }
}
