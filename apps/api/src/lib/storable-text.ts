import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** PostgreSQL refuses a NUL character in text and jsonb, and a lone UTF-16 surrogate in jsonb. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when any string or key in a parsed JSON value could not be stored; walks without recursion. */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (UNSTORABLE.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (UNSTORABLE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Refuses, with a 400, a body the database could not store, before it reaches a query (where it would be a 500).
 * Registered inside a module's plugin, it guards that module's routes only.
 */
export function guardStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && hasUnstorableText(request.body)) {
      throw badRequest('VALIDATION_ERROR', 'The request holds a character that cannot be stored (a NUL or a broken Unicode character).');
    }
  });
}
