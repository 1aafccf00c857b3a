import { z } from 'zod';

/** A reply about one patient: never kept by a shared cache, nor by the browser's. */
export const NO_STORE = 'private, no-store';

/** A record's id in the path: anything short is accepted here, so a malformed one answers 404 like a stranger's. */
export const recordIdParams = z.object({ id: z.string().max(64) });
export const isUuid = (id: string) => z.uuid().safeParse(id).success;

/**
 * The Idempotency-Key of an entry the patient's device may send again (logged offline, retried): one new UUID per
 * entry, and the same key again stores nothing twice.
 */
export const entryIdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be a UUID (one per entry)')
    .optional()
    .describe('A new UUID per entry; an entry sent again with the same key (logged offline, retried) is stored once'),
});

/** A conversation's id in the path (the patient's with support, as both sides see it). */
export const conversationParams = z.object({ id: z.uuid('is not a conversation id') });

/** The Idempotency-Key of a message: one new UUID per message, and a repeat of one send gets its first reply. */
export const messageIdempotencyHeaders = z.object({
  'idempotency-key': z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be a UUID (one per message)').describe('A new UUID per message; a repeat of one send gets its first reply'),
});
