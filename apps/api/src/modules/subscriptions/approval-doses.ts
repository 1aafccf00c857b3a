import { and, asc, eq, inArray } from 'drizzle-orm';
import { approvableDoses, lastSuppliedDose, type ApprovableDose, type LadderStep } from '@elmwood/domain';
import { productVariants, variantPrices } from '../../db/schema/catalog';
import { orderItems } from '../../db/schema/orders';
import type { Queryable } from '../../db/client';
import { doseLadder, planSupplies } from './dose-history';
import { planOfOrder, type PlanRow } from './repo';

type OrderLine = typeof orderItems.$inferSelect;

export interface ApprovalDoses {
  /** The order's titrated medicine, as ordered (or as approved, once the approval changed it). */
  line: OrderLine;
  /** The plan the order supplies, if any. */
  plan: PlanRow | null;
  /** The doses it may be approved at, highest first, each with its line's price at the line's frequency. */
  options: (ApprovableDose & { variantName: string; unitPrice: number; total: number })[];
  /** The medicine's doses, lowest first, and the one the plan last supplied (null: nothing supplied before). */
  ladder: LadderStep[];
  lastSupplied: string | null;
}

/**
 * The doses a prescriber may approve an order's titrated medicine at (approvableDoses: the dose asked, the dose the
 * plan last supplied, or lower; never higher, never a skipped step), priced as the line would be. Null when the order
 * holds no medicine with more than one dose. `asked` is the dose the order asked for when it differs from its line
 * (read after an approval changed it), priced then from the catalogue.
 */
export async function approvalDoses(db: Queryable, orderId: number, asked?: string): Promise<ApprovalDoses | null> {
  const lines = await db.select().from(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.isPrescriptionOnly, true))).orderBy(asc(orderItems.id));
  for (const line of lines) {
    const ladder = await doseLadder(db, line.productCode);
    if (ladder.length < 2) continue;
    const plan = await planOfOrder(db, orderId, line.frequency);
    const supplied = plan ? lastSuppliedDose((await planSupplies(db, plan)).filter((supply) => supply.orderId !== orderId)) : null;
    const lastSupplied = supplied?.productCode === line.productCode ? supplied.variantCode : null;
    const doses = approvableDoses(ladder, asked ?? line.variantCode, lastSupplied);
    const prices = await db
      .select({ code: productVariants.code, name: productVariants.name, price: variantPrices.price, discountedPrice: variantPrices.discountedPrice })
      .from(productVariants)
      .innerJoin(variantPrices, and(eq(variantPrices.variantId, productVariants.id), eq(variantPrices.frequency, line.frequency)))
      .where(inArray(productVariants.code, doses.length > 0 ? doses.map((dose) => dose.variantCode) : ['']));
    const options = doses.flatMap((dose) => {
      if (dose.variantCode === line.variantCode) return [{ ...dose, variantName: line.variantName, unitPrice: line.unitPrice, total: line.total }];
      const price = prices.find((row) => row.code === dose.variantCode);
      if (!price) return [];
      // A lower dose never costs more than the line as ordered (its price may have carried an offer).
      const unitPrice = Math.min(price.discountedPrice ?? price.price, line.unitPrice);
      return [{ ...dose, variantName: price.name, unitPrice, total: unitPrice * line.quantity }];
    });
    return { line, plan, options, ladder, lastSupplied };
  }
  return null;
}
