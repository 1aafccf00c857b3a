import { z } from 'zod';
import { RECORD_ID_MAX, RECORD_ID_MESSAGE } from '@elmwood/domain';
import { AppError } from './errors';

/**
 * Validates a body against a schema that can only be built per request (the age rules need today's UK
 * date); failures leave in the same shape as route validation, each field with the spec's message.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ field: ['body', ...issue.path.map(String)].join('.'), message: issue.message }));
  throw new AppError(400, 'VALIDATION_ERROR', `${issues[0]!.field}: ${issues[0]!.message}`, { issues });
}

/**
 * Every numeric record id in a path (`/address-book/{id}`, `/carts/{token}/items/{itemId}`): a whole number the
 * database's integer column can hold, so an id past 2³¹ is a 400 rather than an out-of-range error from the query.
 */
export const idParam = z.coerce.number().int(RECORD_ID_MESSAGE).min(1, RECORD_ID_MESSAGE).max(RECORD_ID_MAX, RECORD_ID_MESSAGE);
