import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { notifications } from '../../src/db/schema/notifications';

/**
 * Hands every message due now to its provider, as the send jobs would in a process that runs jobs (tests create the
 * API without running jobs, so each test decides when messages go out). Answers how many were sent.
 */
export async function deliverNotifications({ app, db }: { app: FastifyInstance; db: Db }, at = new Date()): Promise<number> {
  const due = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.status, 'queued'), lte(notifications.sendAfter, at)))
    .orderBy(asc(notifications.id));
  let sent = 0;
  for (const { id } of due) if ((await app.notifications.deliver(id)) === 'sent') sent += 1;
  return sent;
}
