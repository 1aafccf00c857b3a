import { z } from 'zod';

/**
 * Background work that failed on every try and now waits for a person (the job queue's dead-letter queues): what it
 * was, in words, when it gave up and why. GET /shop-api/clinic/failed-work (admin).
 */
export const failedWorkItemSchema = z.object({
  id: z.string(),
  /** The kind of work, e.g. 'Payment after a clinician's decision'. */
  kind: z.string(),
  /** This job, e.g. 'Take the payment for order EH-12345678'. */
  what: z.string(),
  failedAt: z.string(),
  /** The last try's error message (never a stack or a patient's data: the queue keeps only the message). */
  reason: z.string(),
});
export const failedWorkSchema = z.object({ items: z.array(failedWorkItemSchema) });
export type FailedWork = z.infer<typeof failedWorkSchema>;
export type FailedWorkItem = z.infer<typeof failedWorkItemSchema>;

/** POST /shop-api/clinic/failed-work/{id}/retry: the work is queued again, once however often clicked. */
export const failedWorkRetriedSchema = z.object({ id: z.string(), retried: z.literal(true) });

export const FAILED_WORK_NOT_FOUND = 'That failed work is no longer waiting: it may already have been tried again.';
