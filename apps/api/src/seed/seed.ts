import type { Db } from '../db/client';
import { seedCatalog } from './catalog';

/** Loads every demo data set; each loader is idempotent, so every start may call this. */
export async function seedDemoData(db: Db): Promise<void> {
  await seedCatalog(db);
}
