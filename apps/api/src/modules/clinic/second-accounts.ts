import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { buildingKey, compactPostcode, LIVE_ORDER_STATES, similarNames, type PossibleSecondAccount, type SecondAccountMatch } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import type { OrderRow } from '../../db/schema/orders';

/** Enough to name every other account a reviewer should look at; a household of dozens is a case for support. */
const LIMIT = 20;
const LIVE = [...LIVE_ORDER_STATES];

/**
 * Orders from other accounts that may be this patient's own (SECOND_ACCOUNT_RULE, GPhC): sent to the same building
 * (buildingKey, the normaliser the self-referral check uses), paid with a card of the same gateway fingerprint, or
 * placed by someone with the same date of birth and a similar name. Live orders only (placed, not rejected or
 * cancelled), newest first, each with every reason it matched.
 */
export async function possibleSecondAccounts(db: Db, order: OrderRow, patient: { firstName: string; lastName: string; birthday: string | null }): Promise<PossibleSecondAccount[]> {
  const found = new Map<number, { row: { id: number; number: string; state: string; createdAt: Date; firstName: string; lastName: string }; matches: Set<SecondAccountMatch> }>();
  const add = (rows: readonly { id: number; number: string; state: string; createdAt: Date; firstName: string; lastName: string }[], match: SecondAccountMatch) => {
    for (const row of rows) {
      const entry = found.get(row.id) ?? { row, matches: new Set<SecondAccountMatch>() };
      entry.matches.add(match);
      found.set(row.id, entry);
    }
  };
  const columns = { id: orders.id, number: orders.number, state: orders.state, createdAt: orders.createdAt, firstName: customers.firstName, lastName: customers.lastName };
  const others = and(ne(orders.customerId, order.customerId), inArray(orders.state, LIVE));

  const cards = db.select({ fingerprint: payments.cardFingerprint }).from(payments).where(and(eq(payments.orderId, order.id), isNotNull(payments.cardFingerprint)));
  add(
    await db
      .selectDistinct(columns)
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(others, inArray(payments.cardFingerprint, cards)))
      .orderBy(desc(orders.createdAt))
      .limit(LIMIT),
    'card',
  );

  const address = order.shippingAddress as { company?: unknown; street?: unknown; postcode?: unknown };
  const building = buildingKey(address);
  if (building) {
    const postcode = compactPostcode(String(address.postcode));
    const samePostcode = await db
      .select({ ...columns, shippingAddress: orders.shippingAddress })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(others, sql`upper(replace(${orders.shippingAddress}->>'postcode', ' ', '')) = ${postcode}`))
      .orderBy(desc(orders.createdAt))
      .limit(LIMIT * 5);
    add(samePostcode.filter((row) => buildingKey(row.shippingAddress as typeof address) === building), 'address');
  }

  if (patient.birthday) {
    const sameBirthday = await db
      .select(columns)
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(others, eq(customers.birthday, patient.birthday)))
      .orderBy(desc(orders.createdAt))
      .limit(LIMIT * 5);
    add(sameBirthday.filter((row) => similarNames(patient, row)), 'dateOfBirthAndName');
  }

  return [...found.values()]
    .sort((a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime())
    .slice(0, LIMIT)
    .map(({ row, matches }) => ({
      orderNumber: row.number,
      state: row.state,
      placedAt: row.createdAt.toISOString(),
      patientName: `${row.firstName} ${row.lastName}`.trim(),
      matches: (['address', 'card', 'dateOfBirthAndName'] as const).filter((match) => matches.has(match)),
    }));
}
