import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { products } from '../src/db/schema/index';
import { seedDemoData } from '../src/seed/seed';

const dataDir = mkdtempSync(join(tmpdir(), 'elmwood-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database', () => {
  it('keeps its data across a restart', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.migrate();
    await seedDemoData(first.db);
    await first.db.update(products).set({ name: 'Wegovy (renamed by the clinic)' }).where(eq(products.code, 'WEGOVY'));
    const countBefore = (await first.db.select().from(products)).length;
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.migrate();
    await seedDemoData(second.db);
    const rows = await second.db.select().from(products);
    expect(rows).toHaveLength(countBefore);
    expect(rows.find((row) => row.code === 'WEGOVY')?.name).toBe('Wegovy (renamed by the clinic)');
    await second.close();
  });
});
