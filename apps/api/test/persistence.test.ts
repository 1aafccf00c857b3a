import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { defineQueue, startJobs } from '../src/lib/queue';
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

  it('keeps a queued job across a restart, runs it then, and once', async () => {
    const queue = defineQueue<{ orderNumber: string }>('persisted-once');
    const log = { error: () => undefined, warn: () => undefined };
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.migrate();
    const before = await startJobs(first, { runJobs: false, log });
    expect(await before.send(queue, { orderNumber: '000123' }, { singletonKey: 'order-000123' })).not.toBeNull();
    await before.stop();
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.migrate();
    const after = await startJobs(second, { runJobs: true, log, pollingIntervalSeconds: 0.5 });
    const seen: string[] = [];
    await after.work(queue, async ({ orderNumber }) => {
      seen.push(orderNumber);
    });
    for (let tries = 0; tries < 50 && seen.length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await after.send(queue, { orderNumber: '000123' }, { singletonKey: 'order-000123' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(seen).toEqual(['000123']);
    await after.stop();
    await second.close();
  });
});
