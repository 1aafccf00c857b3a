import { and, eq, inArray } from 'drizzle-orm';
import { dosePlan, effectivePrice, ukCalendarDate, type DosePlan } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { productVariants, variantPrices } from '../../db/schema/catalog';
import { notFound } from '../../lib/errors';
import { doseLadder, priceNoticesOf } from '../subscriptions/index';
import { injectionPlan, ownPlanRow } from './plans';

export const DOSE_PLAN_NOT_FOUND = 'We could not find a dose plan for that plan.';

/** The dose plan of one of the patient's weight-loss plans (another patient's, or a plan with nothing sent yet: 404). */
export function createDosePlans({ db, now }: { db: Db; now: () => Date }) {
  return {
    async of(customerId: number, planId: string): Promise<DosePlan> {
      const plan = await ownPlanRow(db, customerId, planId);
      const row = plan ? await injectionPlan(db, plan) : null;
      if (!plan || !row) throw notFound(DOSE_PLAN_NOT_FOUND);
      const ladder = await doseLadder(db, row.rule.product);
      const prices = ladder.length
        ? await db
            .select({ code: productVariants.code, price: variantPrices.price, discountedPrice: variantPrices.discountedPrice })
            .from(productVariants)
            .innerJoin(variantPrices, and(eq(variantPrices.variantId, productVariants.id), eq(variantPrices.frequency, plan.frequency)))
            .where(inArray(productVariants.code, ladder.map((step) => step.code)))
        : [];
      const priceOf = new Map(prices.map((price) => [price.code, effectivePrice(price)]));
      const notices = await priceNoticesOf(db, plan.id);
      return dosePlan({
        planId: plan.id,
        productCode: row.rule.product,
        productName: row.productName,
        frequency: plan.frequency,
        supplies: row.supplies,
        steps: ladder.map((step) => ({ variantCode: step.code, dosage: step.dosage, position: step.position, pricePerDelivery: priceOf.get(step.code) ?? null })),
        nextDelivery: plan.state === 'cancelled' ? null : plan.nextDeliveryDate,
        today: ukCalendarDate(now()),
        notices: notices.map((notice) => ({ variantCode: notice.variantCode, oldUnitPrice: notice.oldUnitPrice, newUnitPrice: notice.newUnitPrice, appliesFromDelivery: notice.appliesFromDelivery })),
      });
    },
  };
}
export type DosePlans = ReturnType<typeof createDosePlans>;
