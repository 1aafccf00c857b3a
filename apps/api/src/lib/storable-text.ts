import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** PostgreSQL refuses a NUL character in text and jsonb, and a lone UTF-16 surrogate in jsonb. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT_MESSAGE = 'holds a character that cannot be stored (a NUL or a broken Unicode character)';

/**
 * The path of the first string or key in a parsed value that the database could not store, or null when there is
 * none. Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string[] | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      if (UNSTORABLE.test(next.value)) return next.path;
    } else if (Array.isArray(next.value)) {
      next.value.forEach((item, index) => pending.push({ value: item, path: [...next.path, String(index)] }));
    } else if (next.value !== null && typeof next.value === 'object') {
      for (const [key, item] of Object.entries(next.value)) {
        if (UNSTORABLE.test(key)) return [...next.path, key];
        pending.push({ value: item, path: [...next.path, key] });
      }
    }
  }
  return null;
}

/** Throws a 400 naming the first path value, query value or body field holding text the database could not store. */
export function refuseUnstorableText(request: FastifyRequest): void {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const path = findUnstorableText(value);
    if (path === null) continue;
    const field = [part, ...path].join('.');
    throw badRequest('VALIDATION_ERROR', `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, { issues: [{ field, message: UNSTORABLE_TEXT_MESSAGE }] });
  }
}

/**
 * Refuses, with a 400 naming the field, any request whose path values, query or body hold text the database could
 * not store, before any route's handler can hand it to a query (where it would be a 500). Registered once on the
 * root instance, so it guards every route, present and future.
 */
export function registerStorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => refuseUnstorableText(request));
}
