import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/seed';
import { products, productVariants } from '../src/db/schema/index';
import { createTestContext, type TestContext } from './support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('health checks', () => {
  it('reports the process up, the database reachable and the job queue started', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', queue: 'ok' });
  });

  it('is not ready once its job queue has stopped', async () => {
    const stopping = await createTestContext();
    try {
      await stopping.jobs.stop();
      const res = await stopping.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', queue: 'stopped' });
    } finally {
      await stopping.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3 and describes the catalogue routes', async () => {
    const res = await ctx.app.inject('/shop-api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/shop-api/products/by-slug/{slug}'].get.responses['200']).toBeDefined();
    expect(doc.paths['/shop-api/products/by-code'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['codes', 'channel', 'limit']),
    );
  });
});

describe('errors', () => {
  it('answers an unknown API path with the JSON error shape', async () => {
    const res = await ctx.app.inject('/shop-api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/shop-api/products/by-code',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  });
});

describe('demo seed', () => {
  it('adds nothing twice when run again', async () => {
    const count = async () => ({
      products: (await ctx.database.db.select().from(products)).length,
      variants: (await ctx.database.db.select().from(productVariants)).length,
    });
    const before = await count();
    await seedDemoData(ctx.database.db);
    await seedDemoData(ctx.database.db);
    expect(await count()).toEqual(before);
    expect(before.products).toBeGreaterThanOrEqual(8);
  });
});
