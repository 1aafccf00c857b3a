import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { priceChangeAppliesFrom, renewalChargeDate, type IsoDate } from '@elmwood/domain';
import { productVariants, variantPrices } from '../../db/schema/catalog';
import { planPriceNotices, subscriptions } from '../../db/schema/subscriptions';
import type { Db } from '../../db/client';
import type { Notifier } from '../../contracts/notifier';
import type { Queryable } from '../../db/client';
import type { NewOrderItem } from '../orders/index';

type NoticeRow = typeof planPriceNotices.$inferSelect;
type PlanRef = Pick<typeof subscriptions.$inferSelect, 'id' | 'customerId' | 'frequency' | 'nextDeliveryDate'>;

/** Plans with a charge still to come that a catalogue price change can reach (an ordered renewal's price is set). */
const PRICED_LATER = ['active', 'renewal_due', 'check_in_overdue', 'paused', 'payment_failed'];

/** The price changes the patient has been told of on a plan, the latest-applying first. */
export async function priceNoticesOf(db: Pick<Queryable, 'select'>, planId: string): Promise<NoticeRow[]> {
  return db.select().from(planPriceNotices).where(eq(planPriceNotices.subscriptionId, planId)).orderBy(desc(planPriceNotices.appliesFromDelivery), desc(planPriceNotices.id));
}

/**
 * The renewal's lines at the prices the patient has been told of: a line still at a notice's old price takes the new
 * one from the notice's delivery on, never before (PRICE_CHANGE_POLICY). Lines with no notice keep the price supplied.
 */
export function withNoticedPrices(lines: NewOrderItem[], notices: readonly NoticeRow[], delivery: IsoDate): NewOrderItem[] {
  // In the order they were given: a second change told later starts from the price the first one set.
  const applying = notices.filter((row) => row.appliesFromDelivery <= delivery).sort((a, b) => a.id - b.id);
  return lines.map((line) => {
    let unitPrice = line.unitPrice;
    for (const notice of applying) if (notice.variantCode === line.variantCode && notice.oldUnitPrice === unitPrice) unitPrice = notice.newUnitPrice;
    return unitPrice === line.unitPrice ? line : { ...line, unitPrice, total: unitPrice * line.quantity };
  });
}

/** The catalogue's price now of each variant at a frequency (the discounted price where there is one). */
async function cataloguePrices(db: Pick<Queryable, 'select'>, codes: readonly string[], frequency: number): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: productVariants.code, price: variantPrices.price, discountedPrice: variantPrices.discountedPrice })
    .from(productVariants)
    .innerJoin(variantPrices, and(eq(variantPrices.variantId, productVariants.id), eq(variantPrices.frequency, frequency)))
    .where(inArray(productVariants.code, [...codes]));
  return new Map(rows.map((row) => [row.code, row.discountedPrice ?? row.price]));
}

/**
 * Plans whose lines were supplied or priced at a price the catalogue no longer has: the candidates for a notice (each
 * is then checked against its renewal's lines). Ids only.
 */
async function plansWithChangedPrices(db: Queryable, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select s.id from subscriptions s
    join order_items i on i.frequency = s.frequency
      and (i.order_id = s.order_id or i.order_id in (select r.order_id from subscription_renewals r where r.subscription_id = s.id))
    join product_variants v on v.code = i.variant_code
    join variant_prices p on p.variant_id = v.id and p.frequency = s.frequency
    where s.state in (${sql.join(PRICED_LATER.map((state) => sql`${state}`), sql`, `)})
      and coalesce(p.discounted_price, p.price) <> i.unit_price
    group by s.id, s.next_delivery_date
    order by s.next_delivery_date, s.id
    limit ${limit}`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

export interface PriceNoticeDeps {
  db: Db;
  notifier: Notifier;
  /** The lines the plan's coming renewal would charge (renewalLines, with the notices already applied). */
  linesOf: (tx: Queryable, plan: typeof subscriptions.$inferSelect) => Promise<NewOrderItem[]>;
}

/**
 * Tells every patient a catalogue price change affects, before it is charged: for each plan whose coming renewal would
 * charge a line at a price the catalogue has changed, one notice per plan, dose and new price (the delivery it applies
 * from, by PRICE_CHANGE_POLICY) and one email, in the same transaction under the plan's lock. Idempotent: a round that
 * runs again finds the notice and does nothing. Answers how many notices it gave.
 */
export async function noticePriceChanges({ db, notifier, linesOf }: PriceNoticeDeps, today: IsoDate, limit = 500): Promise<number> {
  let given = 0;
  for (const planId of await plansWithChangedPrices(db, limit)) {
    given += await db.transaction(async (tx) => {
      const [plan] = await tx.select().from(subscriptions).where(eq(subscriptions.id, planId)).for('update');
      if (!plan || !PRICED_LATER.includes(plan.state)) return 0;
      const lines = await linesOf(tx, plan);
      const prices = await cataloguePrices(tx, lines.map((line) => line.variantCode), plan.frequency);
      let count = 0;
      for (const line of lines) {
        const now = prices.get(line.variantCode);
        if (now === undefined || now === line.unitPrice) continue;
        const appliesFromDelivery = priceChangeAppliesFrom({ nextDelivery: plan.nextDeliveryDate, frequency: plan.frequency, notifiedOn: today, oldPrice: line.unitPrice, newPrice: now });
        const [notice] = await tx
          .insert(planPriceNotices)
          .values({ subscriptionId: plan.id, productName: line.productName, variantCode: line.variantCode, dosage: line.dosage, oldUnitPrice: line.unitPrice, newUnitPrice: now, appliesFromDelivery, notifiedOn: today })
          .onConflictDoNothing()
          .returning();
        if (!notice) continue;
        count += 1;
        await notifier.notify(tx, {
          template: 'price-change',
          customerId: plan.customerId,
          dedupeKey: `price-change:${notice.id}`,
          data: {
            subscriptionId: plan.id,
            product: `${line.productName} ${line.dosage}`,
            oldPrice: line.unitPrice * line.quantity,
            newPrice: now * line.quantity,
            appliesFrom: appliesFromDelivery,
            chargeDate: renewalChargeDate(appliesFromDelivery),
          },
        });
      }
      return count;
    });
  }
  return given;
}

/** The plan page's notices: changes told of that apply to the coming delivery or a later one. */
export async function comingPriceChanges(db: Pick<Queryable, 'select'>, plan: PlanRef) {
  const rows = await db
    .select()
    .from(planPriceNotices)
    .where(and(eq(planPriceNotices.subscriptionId, plan.id), gte(planPriceNotices.appliesFromDelivery, plan.nextDeliveryDate)))
    .orderBy(asc(planPriceNotices.appliesFromDelivery));
  return rows.map((row) => ({
    product: `${row.productName} ${row.dosage}`,
    oldPrice: row.oldUnitPrice,
    newPrice: row.newUnitPrice,
    appliesFrom: row.appliesFromDelivery,
    chargeDate: renewalChargeDate(row.appliesFromDelivery),
    notifiedOn: row.notifiedOn,
  }));
}

