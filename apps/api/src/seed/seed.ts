import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seedCatalog } from './catalog';
import { seedCoaches } from './coaches';
import { seedPromotions } from './promotions';
import { followUpQuestionnaires, seedQuestionnaires } from './questionnaires';
import { seedTaskDefinitions } from './tasks';

const SEED_LOCK_KEY = 727_002;

/** Loads every demo data set; each loader is idempotent, so every start may call this. */
export async function seedDemoData(db: Db): Promise<void> {
  // Processes starting at once on a new database take turns, as the migrations do: each loader is idempotent when
  // run again, not when run beside itself (two inserts of the same new rows).
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const seeding = tx as unknown as Db;
    await seedCatalog(seeding);
    await seedQuestionnaires(seeding);
    await seedQuestionnaires(seeding, followUpQuestionnaires);
    await seedPromotions(seeding);
    await seedTaskDefinitions(seeding);
    await seedCoaches(seeding);
  });
}
