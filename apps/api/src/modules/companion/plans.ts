import { and, asc, eq } from 'drizzle-orm';
import { lastSuppliedDose, reTitrationRuleFor, type ReTitrationRule } from '@elmwood/domain';
import { subscriptions } from '../../db/schema/subscriptions';
import type { Queryable } from '../../db/client';
import { planSupplies, type PlanRow, type PlanSupply } from '../subscriptions/index';

/** A weight-loss plan as the companion reads it: a once-weekly injection the re-titration rules know, and what it supplied. */
export interface InjectionPlanRow {
  plan: PlanRow;
  rule: ReTitrationRule;
  productName: string;
  /** Its dispatched supplies of the medicine, oldest first. */
  supplies: PlanSupply[];
}

/** The weekly injection a plan supplies, from its supplies; null for a plan of anything else or with nothing sent yet. */
export async function injectionPlan(db: Queryable, plan: PlanRow): Promise<InjectionPlanRow | null> {
  const supplies = (await planSupplies(db, plan)).filter((supply) => reTitrationRuleFor(supply.productCode) !== null);
  const last = lastSuppliedDose(supplies);
  if (!last) return null;
  const rule = reTitrationRuleFor(last.productCode)!;
  return { plan, rule, productName: last.productName, supplies: supplies.filter((supply) => supply.productCode === rule.product) };
}

/** The patient's weight-loss injection plans that have supplied a pen, oldest first. */
export async function injectionPlansOf(db: Queryable, customerId: number): Promise<InjectionPlanRow[]> {
  const plans = await db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)).orderBy(asc(subscriptions.createdAt));
  const found: InjectionPlanRow[] = [];
  // One query at a time: the caller may be on a transaction's connection.
  for (const plan of plans) {
    const row = await injectionPlan(db, plan);
    if (row) found.push(row);
  }
  return found;
}

/** One of the patient's plans (another patient's is none of theirs: null). */
export async function ownPlanRow(db: Queryable, customerId: number, planId: string): Promise<PlanRow | null> {
  const [plan] = await db.select().from(subscriptions).where(and(eq(subscriptions.id, planId), eq(subscriptions.customerId, customerId)));
  return plan ?? null;
}
