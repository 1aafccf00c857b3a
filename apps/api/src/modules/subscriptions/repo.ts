import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { couldBecomePregnant, creditToSpend, PREGNANCY_POTENTIAL_QUESTIONS, questionnaireSchema, renewalChargeDate, type IsoDate } from '@elmwood/domain';
import { orderConsultations } from '../../db/schema/clinic';
import { productVariants, variantPrices } from '../../db/schema/catalog';
import { customers } from '../../db/schema/customers';
import { consultations, questionnaires } from '../../db/schema/quiz';
import { orderItems, orders } from '../../db/schema/orders';
import { paymentTokens, payments } from '../../db/schema/payments';
import { subscriptionEvents, subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import type { Queryable } from '../../db/client';
import { copyConsultationsOntoOrder, newOrderNumber, insertOrder, type NewOrderItem } from '../orders/index';
import { applyOrderPaymentEvent } from '../../lifecycle/index';
import { recordReferralSpend, referralBalance } from '../referrals/index';
import { judgeCheckIn } from './check-in-judgement';
import { renewalCharge } from './renewal-charge';
import { doseChoicesFor, renewalDose } from './dose-history';
import { priceNoticesOf, withNoticedPrices } from './price-notices';

import type { PlanRow } from '../../db/schema/subscriptions';
export type { PlanRow };

/** Why a renewal took no card payment. */
export const RENEWAL_PAID_BY_CREDIT = 'Paid in full by referral credit';
export type RenewalRow = typeof subscriptionRenewals.$inferSelect;

export async function lockPlan(tx: Queryable, id: string): Promise<PlanRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

export async function ownPlan(db: Queryable, customerId: number, id: string, lock = false): Promise<PlanRow | null> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findPlan(db: Queryable, id: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

export async function updatePlan(tx: Queryable, id: string, values: Partial<Pick<PlanRow, 'nextDeliveryDate' | 'checkInForDelivery' | 'checkInConsultationId' | 'pausedFromDelivery' | 'scheduledChange' | 'requestedVariantCode'>>) {
  await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

/**
 * Whether the plan's patient could become pregnant, from the consultation copied onto the plan's first order (the one
 * that asked): unknown counts as could (couldBecomePregnant).
 */
export async function planPatientCouldBecomePregnant(db: Queryable, plan: Pick<PlanRow, 'orderId'>): Promise<boolean> {
  const copied = await db.select({ answers: orderConsultations.answers }).from(orderConsultations).where(eq(orderConsultations.orderId, plan.orderId)).orderBy(asc(orderConsultations.id));
  const asked = copied.find((row) => PREGNANCY_POTENTIAL_QUESTIONS.sex in row.answers);
  return couldBecomePregnant(asked?.answers);
}

/** Whether the plan is on hold because a check-in's answers stopped the supply (its latest event put it there). */
export async function supplyStoppedByCheckIn(db: Queryable, plan: PlanRow): Promise<boolean> {
  if (plan.state !== 'suspended') return false;
  const [latest] = await db.select({ event: subscriptionEvents.event }).from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, plan.id)).orderBy(desc(subscriptionEvents.id)).limit(1);
  return latest?.event === 'supply_stopped';
}

export async function renewalsOfPlan(db: Queryable, subscriptionId: string) {
  return db
    .select({ renewal: subscriptionRenewals, order: orders })
    .from(subscriptionRenewals)
    .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(eq(subscriptionRenewals.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionRenewals.deliveryDate));
}

export async function renewalOfOrder(db: Queryable, orderId: number): Promise<RenewalRow | null> {
  const [row] = await db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.orderId, orderId));
  return row ?? null;
}

/** The card a plan's renewals are charged on, with the payment that stored it. */
export async function planCard(db: Queryable, plan: PlanRow) {
  if (plan.paymentTokenId === null) return null;
  const [row] = await db.select().from(paymentTokens).where(eq(paymentTokens.id, plan.paymentTokenId));
  return row ?? null;
}

/** A renewal charge's tries, oldest first. */
export async function chargeAttempts(db: Queryable, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.attempt)))
    .orderBy(asc(payments.attempt));
}

export interface RenewalLines {
  items: NewOrderItem[];
  /** What one delivery costs now, after the plan's recurring discount. */
  amount: number;
  /** The dose asked for is above the one last supplied: the prescriber decides. */
  doseIncrease: boolean;
  /** A price change the patient was told of applies from this delivery (PRICE_CHANGE_POLICY): the plan's price moves with it. */
  repriced: boolean;
}

/** The order whose lines the plan's price was last set for: its latest renewal whatever became of it, else its first order. */
async function pricedOrderId(db: Queryable, plan: PlanRow): Promise<number> {
  const [latest] = await db
    .select({ orderId: subscriptionRenewals.orderId })
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.subscriptionId, plan.id))
    .orderBy(desc(subscriptionRenewals.deliveryDate))
    .limit(1);
  return latest?.orderId ?? plan.orderId;
}

async function planLines(db: Queryable, plan: PlanRow, orderId: number): Promise<NewOrderItem[]> {
  const lines = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.frequency, plan.frequency)))
    .orderBy(asc(orderItems.id));
  return lines.map(({ id: _id, orderId: _orderId, ...line }) => line);
}

/**
 * What the next renewal supplies and costs: the lines last supplied (renewalDose: the last order dispatched, else the
 * order that began the plan), with the dose the patient asked for in place of the medicine's when the dose rules
 * still allow it on the delivery date (one step, and up only after 4 weeks on the current dose). The plan's price
 * already carries its recurring discount for the lines it was last set for; a changed dose changes it by the
 * difference in the lines' prices.
 */
export async function renewalLines(db: Queryable, plan: PlanRow): Promise<RenewalLines> {
  const dose = await renewalDose(db, plan);
  const items = await planLines(db, plan, dose.sourceOrderId);
  const priced = await pricedOrderId(db, plan);
  const before = (priced === dose.sourceOrderId ? items : await planLines(db, plan, priced)).reduce((sum, item) => sum + item.total, 0);
  let doseIncrease = false;
  if (plan.requestedVariantCode) {
    const choices = await doseChoicesFor(db, dose, items, plan.nextDeliveryDate);
    const chosen = choices.options.find((option) => option.variantCode === plan.requestedVariantCode);
    const [wanted] = chosen && (chosen.relation !== 'higher' || choices.increase.allowed)
      ? await db
          .select({ variant: productVariants, price: variantPrices.price, discountedPrice: variantPrices.discountedPrice })
          .from(productVariants)
          .innerJoin(variantPrices, and(eq(variantPrices.variantId, productVariants.id), eq(variantPrices.frequency, plan.frequency)))
          .where(eq(productVariants.code, chosen.variantCode))
      : [];
    const at = choices.current ? items.findIndex((item) => item.productCode === choices.current!.productCode) : -1;
    if (wanted && at >= 0) {
      const current = items[at]!;
      doseIncrease = chosen!.relation === 'higher';
      const unitPrice = wanted.discountedPrice ?? wanted.price;
      items[at] = { ...current, variantCode: wanted.variant.code, variantName: wanted.variant.name, dosage: wanted.variant.dosage, unitPrice, total: unitPrice * current.quantity };
    }
  }
  const noticed = withNoticedPrices(items, await priceNoticesOf(db, plan.id), plan.nextDeliveryDate);
  const repriced = noticed.some((line, index) => line.unitPrice !== items[index]!.unitPrice);
  const after = noticed.reduce((sum, item) => sum + item.total, 0);
  return { items: noticed, amount: Math.max(0, plan.price + after - before), doseIncrease, repriced };
}

/**
 * The renewal order of the plan's coming delivery, charged what the price terms promised (renewalCharge: the
 * recurring-discount gift in its months), inside the transaction that moved the plan to
 * renewal_ordered: it waits for a prescriber (in_review) with nothing taken yet (awaiting_charge). The check-in
 * answers are copied onto it, as checkout copies the consultation, with the check-in's rules that held (an urgent
 * review, the NICE stopping rule) beside them, so the prescriber reviews what the patient reported. The unique (plan, delivery date) makes a second one for the same period impossible.
 * The patient's referral credit is spent on it as checkout spends it (debited with the order, given back by the
 * ledger if the order never goes ahead): the saved card is charged the rest, and a renewal the credit pays in full
 * takes no payment at all (not_required, as a £0 checkout does).
 */
export async function createRenewalOrder(tx: Queryable, plan: PlanRow, today: IsoDate) {
  const [origin] = await tx.select().from(orders).where(eq(orders.id, plan.orderId));
  const [latest] = await tx
    .select({ shippingAddress: orders.shippingAddress, billingAddress: orders.billingAddress })
    .from(subscriptionRenewals)
    .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(eq(subscriptionRenewals.subscriptionId, plan.id))
    .orderBy(desc(subscriptionRenewals.deliveryDate))
    .limit(1);
  const lines = await renewalLines(tx, plan);
  const charge = await renewalCharge(tx, plan, lines);
  const subtotal = lines.items.reduce((sum, item) => sum + item.total, 0);
  // The patient's row is locked before the balance is read, as checkout locks it: two renewals of the patient's
  // plans (or a renewal and a checkout) at once cannot both spend the same credit. Explicit, so it does not rest on
  // whichever row the transaction happened to insert first (a foreign key's lock on the patient's row).
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, plan.customerId)).for('update');
  const credit = creditToSpend(await referralBalance(tx, plan.customerId), charge.amount);
  const total = charge.amount - credit;
  const order = await insertOrder(
    tx,
    {
      customerId: plan.customerId,
      cartId: null,
      channel: origin!.channel,
      consultationSlug: origin!.consultationSlug,
      state: 'in_review',
      // Nothing to charge: created waiting for its payment's answer, which the lifecycle then gives (not_required).
      paymentState: total > 0 ? 'awaiting_charge' : 'pending',
      paymentMode: 'EXISTING_CARD',
      idempotencyKey: `renewal:${plan.id}:${plan.nextDeliveryDate}`,
      subtotal,
      discount: Math.max(0, subtotal - charge.amount),
      shipping: 0,
      credit,
      total,
      discounts: [],
      shippingAddress: latest?.shippingAddress ?? origin!.shippingAddress,
      billingAddress: latest?.billingAddress ?? origin!.billingAddress,
    },
    newOrderNumber,
  );
  if (lines.items.length > 0) await tx.insert(orderItems).values(lines.items.map((item) => ({ ...item, orderId: order.id })));
  await recordReferralSpend(tx, order);
  if (total === 0) await applyOrderPaymentEvent(tx, order.id, 'not_required', { type: 'gateway' }, { reason: RENEWAL_PAID_BY_CREDIT });
  // The asked-for dose (or a price the patient was told of) is now the plan's: later renewals start from these lines at this price.
  if (plan.requestedVariantCode || lines.repriced) {
    await tx.update(subscriptions).set({ price: lines.amount, requestedVariantCode: null, updatedAt: new Date() }).where(eq(subscriptions.id, plan.id));
  }
  await tx.insert(subscriptionRenewals).values({
    subscriptionId: plan.id,
    orderId: order.id,
    deliveryDate: plan.nextDeliveryDate,
    chargeDate: renewalChargeDate(plan.nextDeliveryDate),
    doseIncrease: lines.doseIncrease,
  });
  if (plan.checkInConsultationId && plan.checkInForDelivery === plan.nextDeliveryDate) {
    const [answered] = await tx
      .select({ answers: consultations.answers, questionnaire: questionnaires })
      .from(consultations)
      .innerJoin(questionnaires, eq(questionnaires.id, consultations.questionnaireId))
      .where(eq(consultations.id, plan.checkInConsultationId));
    if (answered) {
      const { questionnaire: row } = answered;
      const questionnaire = questionnaireSchema.parse({ questionnaireId: row.id, slug: row.slug, title: row.title, taxon: row.taxon, ...row.definition });
      const judged = await judgeCheckIn(tx, plan.customerId, answered.answers, today);
      await copyConsultationsOntoOrder(tx, order.id, plan.customerId, [{ consultationId: plan.checkInConsultationId, questionnaire, answers: answered.answers, judgedRules: judged.triggeredRules }], today);
    }
  }
  return order;
}

/** Plans whose renewal round has something to do at `today`: ids only; each is then moved under its own lock. */
export async function plansInStates(db: Queryable, states: readonly string[], deliveryOnOrBefore: IsoDate): Promise<{ id: string }[]> {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(sql`${subscriptions.state} in (${sql.join(states.map((state) => sql`${state}`), sql`, `)})`, sql`${subscriptions.nextDeliveryDate} <= ${deliveryOnOrBefore}::date`))
    .orderBy(asc(subscriptions.nextDeliveryDate))
    .limit(500);
}

/** A patient's plans in the given states, oldest first. */
export async function patientPlansIn(db: Queryable, customerId: number, states: readonly string[]): Promise<PlanRow[]> {
  return db.select().from(subscriptions).where(and(eq(subscriptions.customerId, customerId), inArray(subscriptions.state, [...states]))).orderBy(asc(subscriptions.createdAt));
}

/**
 * The plan an order's lines of `frequency` supply: the plan it renews, or the plan it began (its first order); null
 * for an order of no plan.
 */
export async function planOfOrder(db: Queryable, orderId: number, frequency: number): Promise<PlanRow | null> {
  const [renewing] = await db
    .select({ plan: subscriptions })
    .from(subscriptionRenewals)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
    .where(eq(subscriptionRenewals.orderId, orderId));
  if (renewing) return renewing.plan;
  const [began] = await db.select().from(subscriptions).where(and(eq(subscriptions.orderId, orderId), eq(subscriptions.frequency, frequency)));
  return began ?? null;
}

/**
 * A prescriber approved an order of the plan at a different dose: the plan's price moves by the lines' difference, so
 * later renewals, which repeat the lines supplied, charge for the dose supplied. Under the plan's lock.
 */
export async function repricePlanForDose(tx: Queryable, planId: string, difference: number): Promise<void> {
  const plan = await lockPlan(tx, planId);
  if (!plan || difference === 0) return;
  await tx.update(subscriptions).set({ price: Math.max(0, plan.price + difference), updatedAt: new Date() }).where(eq(subscriptions.id, planId));
}
