import type { Db } from '../db/client';
import { seedCatalog } from './catalog';
import { seedCoaches } from './coaches';
import { seedPromotions } from './promotions';
import { followUpQuestionnaires, seedQuestionnaires } from './questionnaires';
import { seedTaskDefinitions } from './tasks';

/** Loads every demo data set; each loader is idempotent, so every start may call this. */
export async function seedDemoData(db: Db): Promise<void> {
  await seedCatalog(db);
  await seedQuestionnaires(db);
  await seedQuestionnaires(db, followUpQuestionnaires);
  await seedPromotions(db);
  await seedTaskDefinitions(db);
  await seedCoaches(db);
}
