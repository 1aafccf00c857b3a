import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { customerPreferences, weightLogs } from '../../db/schema/weight';
import type { Queryable } from '../../db/client';

export type { Queryable };
export type WeightLogRow = typeof weightLogs.$inferSelect;
export type NewWeightLog = typeof weightLogs.$inferInsert;

/** Every entry of one patient, oldest measurement first. */
export async function entriesOf(db: Queryable, customerId: number): Promise<WeightLogRow[]> {
  return db.select().from(weightLogs).where(eq(weightLogs.customerId, customerId)).orderBy(asc(weightLogs.measuredAt), asc(weightLogs.createdAt));
}

/** An entry of this patient; undefined for anyone else's. */
export async function ownEntry(db: Queryable, customerId: number, id: string): Promise<WeightLogRow | undefined> {
  const [row] = await db.select().from(weightLogs).where(and(eq(weightLogs.id, id), eq(weightLogs.customerId, customerId)));
  return row;
}

/** The patient's most recently measured height, leaving out one entry (the one being edited). */
export async function latestHeightCm(db: Queryable, customerId: number, exceptId?: string): Promise<number | null> {
  const [row] = await db
    .select({ heightCm: weightLogs.heightCm })
    .from(weightLogs)
    .where(and(eq(weightLogs.customerId, customerId), isNotNull(weightLogs.heightCm), exceptId ? sql`${weightLogs.id} <> ${exceptId}` : undefined))
    .orderBy(desc(weightLogs.measuredAt), desc(weightLogs.createdAt))
    .limit(1);
  return row?.heightCm ?? null;
}

/** Adds an entry; one from a consultation is added once (a second try finds it there). */
export async function insertEntry(db: Queryable, entry: NewWeightLog): Promise<WeightLogRow | undefined> {
  const [row] = await db.insert(weightLogs).values(entry).onConflictDoNothing({ target: weightLogs.consultationId }).returning();
  return row;
}

/**
 * Adds a patient's entry under the key their device sent; a repeat of the key (a retry whose first reply was lost)
 * adds nothing and finds the first entry.
 */
export async function insertKeyedEntry(db: Queryable, entry: NewWeightLog & { clientKey: string }): Promise<WeightLogRow | undefined> {
  const [row] = await db.insert(weightLogs).values(entry).onConflictDoNothing({ target: [weightLogs.customerId, weightLogs.clientKey] }).returning();
  if (row) return row;
  const [earlier] = await db.select().from(weightLogs).where(and(eq(weightLogs.customerId, entry.customerId), eq(weightLogs.clientKey, entry.clientKey)));
  return earlier;
}

export async function updateEntry(db: Queryable, customerId: number, id: string, values: Partial<NewWeightLog>): Promise<WeightLogRow | undefined> {
  const [row] = await db
    .update(weightLogs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(weightLogs.id, id), eq(weightLogs.customerId, customerId)))
    .returning();
  return row;
}

export async function deleteEntry(db: Queryable, customerId: number, id: string): Promise<boolean> {
  const rows = await db.delete(weightLogs).where(and(eq(weightLogs.id, id), eq(weightLogs.customerId, customerId))).returning({ id: weightLogs.id });
  return rows.length > 0;
}

export async function preferredUnit(db: Queryable, customerId: number): Promise<string | null> {
  const [row] = await db.select({ weightUnit: customerPreferences.weightUnit }).from(customerPreferences).where(eq(customerPreferences.customerId, customerId));
  return row?.weightUnit ?? null;
}

/** Saves the unit; `keepExisting` leaves a unit the patient already chose (a consultation only sets the first). */
export async function savePreferredUnit(db: Queryable, customerId: number, weightUnit: string, { keepExisting = false } = {}): Promise<void> {
  const insert = db.insert(customerPreferences).values({ customerId, weightUnit });
  if (keepExisting) await insert.onConflictDoNothing();
  else await insert.onConflictDoUpdate({ target: customerPreferences.customerId, set: { weightUnit, updatedAt: sql`now()` } });
}

/** The goal set last (goals have no measurement date: the newest one stands). */
export function latestGoal(rows: readonly WeightLogRow[]): WeightLogRow | undefined {
  return rows.filter((row) => row.goalKg !== null).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
}
