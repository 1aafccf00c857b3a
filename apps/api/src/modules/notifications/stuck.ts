import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { deletedEmail, maskRecipient, stuckBefore, type StuckMessageAction, type StuckMessageReply, type StuckMessages } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { outer } from '../../db/outer';
import { customers } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import type { Executor, Jobs } from '../../lib/queue';
import { notFound } from '../../lib/errors';
import type { AuditEntry } from '../../lib/audit-log';
import { notificationSendsQueue } from './service';
import { SECRET_TEMPLATES } from './templates/messages';

export const STUCK_MESSAGE_NOT_FOUND = 'We could not find that message.';

export interface StuckMessagesDeps {
  db: Db;
  jobs: Pick<Jobs, 'sendWithin'>;
  /** The clinic's staff audit log: reading and settling stuck messages is recorded there, in the same transaction. */
  audit: (tx: Pick<Db, 'insert'>, entry: AuditEntry) => Promise<void>;
  now: () => Date;
}

/** Rows claimed before the migration that added claimed_at count from when they were written. */
const claimedAt = sql<Date>`coalesce(${notifications.claimedAt}, ${notifications.createdAt})`;

/**
 * Messages a crashed send left in 'sending' (never retried by itself, as it may have gone), for an admin to settle:
 * send again (the patient may get it twice) or mark as sent. Each action happens once, audited, however often clicked:
 * the row changes only while it is still stuck, in one conditional update that a second click waits on and then misses.
 */
export function createStuckMessages({ db, jobs, audit, now }: StuckMessagesDeps) {
  const stuck = (at: Date) => and(eq(notifications.status, 'sending'), lt(claimedAt, stuckBefore(at)));

  return {
    /** Longest stuck first; the read names patients, so it is audited. */
    async list(staffId: number): Promise<StuckMessages> {
      await audit(db, { staffId, action: 'read-stuck-messages', resource: 'queue', resourceId: 'stuck-messages' });
      const rows = await db
        .select({
          id: notifications.id,
          template: notifications.template,
          channel: notifications.channel,
          recipient: notifications.recipient,
          claimedAt,
          firstName: customers.firstName,
          lastName: customers.lastName,
        })
        .from(notifications)
        .leftJoin(customers, eq(customers.id, notifications.customerId))
        .where(stuck(now()))
        .orderBy(asc(claimedAt), asc(notifications.id));
      return {
        messages: rows.map((row) => ({
          id: row.id,
          template: row.template,
          channel: row.channel,
          claimedAt: new Date(row.claimedAt).toISOString(),
          patient: { name: row.firstName === null ? 'No patient' : `${row.firstName} ${row.lastName ?? ''}`.trim() },
          recipient: maskRecipient(row.recipient, row.channel),
        })),
      };
    },

    async act(staffId: number, id: number, action: StuckMessageAction): Promise<StuckMessageReply> {
      return db.transaction(async (tx) => {
        const at = now();
        const [changed] = await tx
          .update(notifications)
          .set(
            action === 'send-again'
              ? { status: 'queued', claimedAt: null, sendAfter: at, error: null }
              : // What a send that finished would have written (a one-time link's data is dropped once it has gone).
                {
                  status: 'sent',
                  sentAt: sql`coalesce(${notifications.claimedAt}, ${notifications.createdAt})`,
                  error: 'marked as sent by the clinic',
                  data: sql`case when ${inArray(notifications.template, [...SECRET_TEMPLATES])} then '{}'::jsonb else ${notifications.data} end`,
                  // A deleted account's handled messages keep no address (modules/clinic/deletions.ts).
                  recipient: sql`case when exists (select 1 from ${customers} where ${customers.id} = ${outer(notifications.customerId)} and ${customers.email} like ${deletedEmail('%')}) then 'deleted' else ${notifications.recipient} end`,
                },
          )
          .where(and(eq(notifications.id, id), stuck(at)))
          .returning({ id: notifications.id, status: notifications.status, attempts: notifications.attempts, customerId: notifications.customerId, template: notifications.template });
        if (!changed) {
          // Already settled (a second click, or another admin): its status as it is now, with nothing done again.
          const [current] = await tx.select({ id: notifications.id, status: notifications.status }).from(notifications).where(eq(notifications.id, id));
          if (!current) throw notFound(STUCK_MESSAGE_NOT_FOUND);
          return current;
        }
        if (action === 'send-again') {
          // A fresh job key: the first send's job finished long ago and keeps its key for a week.
          await jobs.sendWithin(tx as unknown as Executor, notificationSendsQueue, { id }, { singletonKey: `notification-${id}-again-${changed.attempts}` });
        }
        await audit(tx, {
          staffId,
          action: action === 'send-again' ? 'send-stuck-message-again' : 'mark-stuck-message-sent',
          patientId: changed.customerId,
          resource: 'notification',
          resourceId: String(id),
          details: { template: changed.template },
        });
        return { id: changed.id, status: changed.status };
      });
    },
  };
}
export type StuckMessagesService = ReturnType<typeof createStuckMessages>;
