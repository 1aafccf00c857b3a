import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { doseIncreaseCheck, doseOptions, lastSuppliedDose, type DoseIncreaseCheck, type DoseOption, type IsoDate, type SuppliedDose } from '@elmwood/domain';
import { productVariants, products } from '../../db/schema/catalog';
import type { subscriptions } from '../../db/schema/subscriptions';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { subscriptionRenewals } from '../../db/schema/subscriptions';
import type { Queryable } from '../orders/index';

/** Orders the patient received: approved, then dispatched. Rejected, cancelled or unpaid ones supplied nothing. */
const SUPPLIED_STATES = ['dispatched', 'delivered'];

type PlanRef = Pick<typeof subscriptions.$inferSelect, 'id' | 'orderId' | 'frequency'>;

/** One line of a plan's supply: the medicine and dose dispatched, the day, and the order it came in. */
export interface PlanSupply extends SuppliedDose {
  orderId: number;
  productName: string;
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
  const increase = doseIncreaseCheck(dose.supplies, supplyOn);
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
