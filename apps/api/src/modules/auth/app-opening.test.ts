import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';

let now = new Date('2026-04-01T08:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => now });
});
afterAll(() => ctx.close());

const opening = (cookie: string) => ctx.app.inject({ url: '/shop-api/me/app', headers: { cookie } });
const opened = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/shop-api/me/app-opened', headers: { cookie } });

describe("SPEC's first app open date (the get-app banner hides once it is set)", () => {
  it('is null until the installed app is first opened, then the first launch’s date, kept by later launches', async () => {
    const cookie = await signedInPatient(ctx.app);
    expect((await opening(cookie)).json()).toEqual({ firstAppOpenAt: null });

    const first = await opened(cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ firstAppOpenAt: '2026-04-01T08:00:00.000Z' });

    now = new Date('2026-04-03T19:30:00Z');
    expect((await opened(cookie)).json()).toEqual({ firstAppOpenAt: '2026-04-01T08:00:00.000Z' });
    expect((await opening(cookie)).json()).toEqual({ firstAppOpenAt: '2026-04-01T08:00:00.000Z' });
  });

  it('is each patient’s own, and answers 401 signed out', async () => {
    const one = await signedInPatient(ctx.app);
    const other = await signedInPatient(ctx.app);
    await opened(one);
    expect((await opening(other)).json()).toEqual({ firstAppOpenAt: null });
    expect((await ctx.app.inject({ url: '/shop-api/me/app' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/me/app-opened' })).statusCode).toBe(401);
  });
});
