import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/app';
import { signedInPatient } from './support/patients';
import { signedInStaff } from './support/staff';

/*
 * The guide's rule, checked on every route the OpenAPI document lists: bad input gets a clear 4xx error, never
 * a 500 and never a stack trace, whoever sends it. Path values and bodies are the kinds a careless client or
 * a prober sends: wrong types, empty, huge, odd characters, nulls where objects go.
 */
let ctx: TestContext;
let patient: string;
/** Clinic routes are also probed past their staff check, as each role that may call them. */
let staffCookies: string[];
let cartToken: string;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  ctx = await createTestContext();
  patient = await signedInPatient(ctx.app);
  staffCookies = [];
  for (const role of ['prescriber', 'pharmacist', 'admin'] as const) staffCookies.push((await signedInStaff(ctx, role)).cookie);
  // A real cart, so that bad bodies also reach the handlers behind a path that exists.
  cartToken = (await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', payload: { channel: 'WEB_WL_UK' } })).json().tokenValue;
  const doc = (await ctx.app.inject('/shop-api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
});
afterAll(() => ctx.close());

const PATH_VALUES = ['0', '-1', 'x'.repeat(300), "'; drop table carts; --", '%E2%98%83', 'a%00b', '00000000-0000-0000-0000-000000000000'];
const BODIES: unknown[] = [undefined, {}, [], 'text', 12, { a: null }, { items: [{}], email: {}, token: [], address: 7, answers: 'x' }, { email: 'a\u0000@b.co', name: 'x\u0000', coupon: '\u0000' }];
const STACK = /\bat .+\.(ts|js|mjs):\d+/;
/** Would end the patient's session for the routes after them; they are tried without it. */
const ENDS_SESSION = new Set(['/shop-api/logout', '/shop-api/token/refresh', '/shop-api/clinic/logout']);
const sessionsFor = (path: string) => (path.startsWith('/shop-api/clinic/') ? [undefined, patient, ...staffCookies] : [undefined, patient]);

describe('bad input on every route', () => {
  it('never answers 500 and never shows a stack trace, signed in or not', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      if (method === 'GET' || method === 'HEAD') {
        for (const value of PATH_VALUES) {
          for (const cookie of sessionsFor(path)) {
            const url = path.replace(/\{[^}]+\}/g, value) + '?page=-5&limit=abc&channel=%00&tab=%00&from=%00';
            const res = await ctx.app.inject({ method, url, headers: cookie ? { cookie } : {} });
            if (res.statusCode >= 500 || STACK.test(res.body)) failures.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
        continue;
      }
      for (const value of [cartToken, ...PATH_VALUES.slice(0, 3), 'a%00b']) {
        for (const body of BODIES) {
          for (const cookie of ENDS_SESSION.has(path) ? [undefined] : sessionsFor(path)) {
            const url = path.replace(/\{[^}]+\}/g, value);
            const res = await ctx.app.inject({
              method: method as 'POST',
              url,
              headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            if (res.statusCode >= 500 || STACK.test(res.body)) failures.push(`${method} ${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
