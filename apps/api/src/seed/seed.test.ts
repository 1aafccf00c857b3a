import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { productTaskDefinitions } from '../db/schema/index';
import { createTestDatabase } from '../../test/support/database';
import { seedDemoData } from './seed';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the demo data', () => {
  it('is loaded once when processes start at the same moment on a new database (they take turns)', async () => {
    // Each call takes its own connection from the pool, as separate processes would.
    await Promise.all([seedDemoData(database.db), seedDemoData(database.db), seedDemoData(database.db)]);
    const links = await database.db.select().from(productTaskDefinitions);
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links.map((link) => `${link.productId}:${link.taskCode}`)).size).toBe(links.length);
    // And once more later, as every start does: nothing added.
    await seedDemoData(database.db);
    expect(await database.db.$count(productTaskDefinitions)).toBe(links.length);
  });
});
