import type { Db } from '../db/client';
import { coaches } from '../db/schema/coaches';
import { demoCoaches } from './data/coaches';

/** Upserts the demo coaches (idempotent: every start may run it). */
export async function seedCoaches(db: Db): Promise<void> {
  for (const coach of demoCoaches) {
    const { id: _id, ...values } = coach;
    await db.insert(coaches).values(coach).onConflictDoUpdate({ target: coaches.id, set: values });
  }
}
