import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_ID_MAX } from '@elmwood/domain';
import { createTestContext, type TestContext } from './support/app';
import { signedInPatient } from './support/patients';
import { signedInStaff } from './support/staff';

/*
 * The guide's rule, checked on every route the OpenAPI document lists: bad input gets a clear 4xx error, never
 * a 500 and never a stack trace, whoever sends it. Path values and bodies are the kinds a careless client or
 * a prober sends: wrong types, empty, huge, odd characters, nulls where objects go, text PostgreSQL cannot
 * store (NUL, a lone surrogate) and ids past its integer range. Run it against PostgreSQL too (DATABASE_URL):
 * PGlite accepts some of what the server refuses.
 */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  maximum?: number;
  $ref?: string;
}
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  operation: Operation;
}

let ctx: TestContext;
let patient: string;
/** Clinic routes are also probed past their staff check, as each role that may call them. */
let staffCookies: string[];
let cartToken: string;
let routes: Route[];
let components: Record<string, JsonSchema>;
beforeAll(async () => {
  ctx = await createTestContext();
  patient = await signedInPatient(ctx.app);
  staffCookies = [];
  for (const role of ['prescriber', 'pharmacist', 'admin'] as const) staffCookies.push((await signedInStaff(ctx, role)).cookie);
  // A real cart, so that bad bodies also reach the handlers behind a path that exists.
  cartToken = (await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', payload: { channel: 'WEB_WL_UK' } })).json().tokenValue;
  const doc = (await ctx.app.inject('/shop-api/docs/json')).json() as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = doc.components?.schemas ?? {};
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(() => ctx.close());

const HUGE_IDS = [String(RECORD_ID_MAX + 1), '99999999999999999999', '1e10'];
const PATH_VALUES = ['0', '-1', 'x'.repeat(300), "'; drop table carts; --", '%E2%98%83', 'a%00b', '%ED%A0%80', '00000000-0000-0000-0000-000000000000', ...HUGE_IDS];
const BODIES: unknown[] = [undefined, {}, [], 'text', 12, { a: null }, { items: [{}], email: {}, token: [], address: 7, answers: 'x' }, { email: 'a\u0000@b.co', name: 'x\u0000', coupon: '\u0000' }];
const STACK = /\bat .+\.(ts|js|mjs):\d+/;
/** Would end the patient's session for the routes after them; they are tried without it. */
const ENDS_SESSION = new Set(['/shop-api/logout', '/shop-api/token/refresh', '/shop-api/clinic/logout']);
const isClinic = (path: string) => path.startsWith('/shop-api/clinic/');
const sessionsFor = (path: string) => (isClinic(path) ? [undefined, patient, ...staffCookies] : [undefined, patient]);
/** Text PostgreSQL refuses: in text and jsonb a NUL, in jsonb a lone UTF-16 surrogate. */
const UNSTORABLE = ['ab\u0000c', 'ab\ud800c'];

function resolve(schema: JsonSchema): JsonSchema {
  return schema.$ref ? resolve(components[schema.$ref.split('/').pop()!] ?? {}) : schema;
}

/**
 * A body shaped like the route's documented schema, every string `text` and every integer `integer`: enough for the
 * request to pass the framework's own checks, so that what the route then does with those values is tested.
 */
function sampleOf(raw: JsonSchema, fill: { text: string; integer: number }): unknown {
  const schema = resolve(raw);
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice) return sampleOf(choice[0]!, fill);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fill.text;
    case 'integer':
      return fill.integer;
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf(schema.items ?? {}, fill)];
    case 'object':
    case undefined: {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value, fill)]));
      if (schema.properties || !schema.additionalProperties) return properties;
      const extra = schema.additionalProperties === true ? {} : schema.additionalProperties;
      return { [fill.text]: sampleOf(extra, fill) };
    }
    default:
      return null;
  }
}

/** Paths to every string (and free key) in a sample body, so each field can be probed on its own. */
function textFields(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => textFields(item, [...path, String(index)]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textFields(item, [...path, key]));
  return [];
}

function withValueAt(value: unknown, path: string[], replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) return value.map((item, index) => (String(index) === head ? withValueAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withValueAt(record[head], rest, replacement) };
}

const jsonBodyOf = (route: Route) => route.operation.requestBody?.content['application/json']?.schema;
const parametersOf = (route: Route, where: string) => (route.operation.parameters ?? []).filter((parameter) => parameter.in === where);

/** A path for the route with each parameter a plausible value (the real cart's token, id 1), or `override` for one. */
function urlFor(route: Route, override: { name: string; value: string } | null = null, query = ''): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    if (override?.name === name) return override.value;
    const type = resolve(parametersOf(route, 'path').find((parameter) => parameter.name === name)?.schema ?? {}).type;
    return type === 'integer' ? '1' : name === 'token' ? cartToken : 'x';
  });
  return query ? `${path}?${query}` : path;
}

function send(method: string, url: string, body: unknown, cookie?: string) {
  return ctx.app.inject({
    method: method as 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/**
 * Sent as someone the route lets in: the patient, or for a clinic route each staff role in turn until one is
 * allowed past the role check (which comes before the body is read).
 */
async function sendAsAllowed(method: string, path: string, url: string, body: unknown) {
  if (!isClinic(path)) return send(method, url, body, patient);
  let res = await send(method, url, body, staffCookies[0]);
  for (const cookie of staffCookies.slice(1)) {
    if (res.statusCode !== 401 && res.statusCode !== 403) break;
    res = await send(method, url, body, cookie);
  }
  return res;
}

describe('bad input on every route', () => {
  it('never answers 500 and never shows a stack trace, signed in or not', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = (label: string, res: { statusCode: number; body: string }) => {
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500 || STACK.test(res.body)) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    for (const route of routes) {
      const { method, path } = route;
      if (method === 'GET' || method === 'HEAD') {
        for (const value of PATH_VALUES) {
          for (const cookie of sessionsFor(path)) {
            const url = path.replace(/\{[^}]+\}/g, value) + `?page=-5&limit=abc&channel=%00&tab=%00&from=%00&page=${HUGE_IDS[0]}`;
            check(`${method} ${url}`, await send(method, url, undefined, cookie));
          }
        }
        continue;
      }
      const documented = jsonBodyOf(route);
      const samples = documented ? HUGE_IDS.map((huge) => sampleOf(documented, { text: 'x', integer: Number(huge) })) : [];
      for (const value of [cartToken, ...PATH_VALUES.slice(0, 3), 'a%00b', ...HUGE_IDS]) {
        for (const body of [...BODIES, ...samples]) {
          for (const cookie of ENDS_SESSION.has(path) ? [undefined] : sessionsFor(path)) {
            const url = path.replace(/\{[^}]+\}/g, value);
            check(`${method} ${url} ${JSON.stringify(body)}`, await send(method, url, body, cookie));
          }
        }
      }
    }
    // The figures a security review asks for: how many routes and requests, and what they were answered.
    const answered = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(', ');
    console.info(`Bad input: ${routes.length} routes, ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests, answered ${answered}`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses text the database cannot store in any path value, query value or body field, naming the field', async () => {
    const failures: string[] = [];
    const expectRefused = async (label: string, field: string, res: { statusCode: number; json(): unknown }) => {
      const reply = res.json() as { code?: string; details?: { issues?: { field: string }[] } };
      if (res.statusCode === 401 || res.statusCode === 403) {
        failures.push(`${label}: no session given could reach the route (${res.statusCode})`);
        return;
      }
      if (res.statusCode !== 400 || reply.code !== 'VALIDATION_ERROR' || reply.details?.issues?.[0]?.field !== field) {
        failures.push(`${label}: wanted 400 naming ${field}, got ${res.statusCode} ${JSON.stringify(reply).slice(0, 160)}`);
      }
    };
    // The sandbox gateway stands in for the payment provider and answers in the provider's error format.
    for (const route of routes.filter(({ path }) => path.startsWith('/shop-api/'))) {
      const documented = jsonBodyOf(route);
      const sample = documented ? sampleOf(documented, { text: 'x', integer: 1 }) : undefined;
      // A URL carries UTF-8, in which a lone surrogate cannot be written; NUL can.
      for (const { name } of parametersOf(route, 'path')) {
        const url = urlFor(route, { name, value: 'ab%00c' });
        await expectRefused(`${route.method} ${url}`, `params.${name}`, await sendAsAllowed(route.method, route.path, url, sample));
      }
      for (const { name } of parametersOf(route, 'query')) {
        const url = urlFor(route, null, `${name}=ab%00c`);
        await expectRefused(`${route.method} ${url}`, `query.${name}`, await sendAsAllowed(route.method, route.path, url, sample));
      }
      if (sample === undefined) continue;
      for (const text of UNSTORABLE) {
        for (const field of textFields(sample)) {
          const body = withValueAt(sample, field, text);
          await expectRefused(`${route.method} ${route.path} ${JSON.stringify(body)}`, ['body', ...field].join('.'), await sendAsAllowed(route.method, route.path, urlFor(route), body));
        }
        // A key, too: answers are keyed by question id and stored as jsonb.
        const keyed = Array.isArray(sample) || typeof sample !== 'object' || sample === null ? null : { ...sample, [text]: 'x' };
        if (keyed) await expectRefused(`${route.method} ${route.path} key`, `body.${text}`, await sendAsAllowed(route.method, route.path, urlFor(route), keyed));
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('documents every integer a route takes within the database integer range, and refuses ids past it', async () => {
    const unbounded: string[] = [];
    const visit = (label: string, raw: JsonSchema) => {
      const schema = resolve(raw);
      if (schema.type === 'integer' && !(schema.maximum !== undefined && schema.maximum <= RECORD_ID_MAX)) unbounded.push(label);
      for (const [key, value] of Object.entries(schema.properties ?? {})) visit(`${label}.${key}`, value);
      if (schema.items) visit(`${label}[]`, schema.items);
      for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) visit(label, option);
    };
    const idRoutes: Route[] = [];
    for (const route of routes) {
      for (const parameter of route.operation.parameters ?? []) visit(`${route.method} ${route.path} ${parameter.in}.${parameter.name}`, parameter.schema);
      const documented = jsonBodyOf(route);
      if (documented) visit(`${route.method} ${route.path} body`, documented);
      if (parametersOf(route, 'path').some((parameter) => resolve(parameter.schema).type === 'integer')) idRoutes.push(route);
    }
    expect(unbounded).toEqual([]);

    expect(idRoutes.length).toBeGreaterThan(0);
    for (const route of idRoutes) {
      for (const huge of HUGE_IDS) {
        const name = parametersOf(route, 'path').find((parameter) => resolve(parameter.schema).type === 'integer')!.name;
        const res = await sendAsAllowed(route.method, route.path, urlFor(route, { name, value: huge }), sampleOf(jsonBodyOf(route) ?? {}, { text: 'x', integer: 1 }));
        expect(res.statusCode, `${route.method} ${route.path} with ${huge}`).toBe(400);
        expect(res.json().details.issues[0].field).toBe(`params.${name}`);
      }
    }
  }, 120_000);
});
