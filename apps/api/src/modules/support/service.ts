import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  SUPPORT_PHOTO_CATEGORY,
  SUPPORT_PHOTO_NOT_FOUND,
  SUPPORT_THREAD_NOT_FOUND,
  SIDE_EFFECT_SEVERITIES,
  sideEffectReportSubject,
  supportThreadStatus,
  type SideEffectReport,
  type SideEffectReportReply,
  type NewSupportThread,
  type SupportInbox,
  type SupportMessage,
  type SupportThread,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema/clinic';
import { customers, uploads } from '../../db/schema/customers';
import { supportMessages, supportThreads } from '../../db/schema/support';
import { notFound } from '../../lib/errors';
import type { Notifier } from '../../contracts/notifier';

type ThreadRow = typeof supportThreads.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What follows a side-effect report (the side-effect workflow, handed in where the modules are composed). */
export interface SideEffectWorkflow {
  /** A new report, in the transaction that stored it: a severe one reaches a clinician. Answers when the patient will have been contacted. */
  reported(tx: Tx, input: { customerId: number; threadId: string; report: SideEffectReport }): Promise<{ contactBy: Date | null }>;
  /** A severe report sent again (the same key): when the patient will have been contacted, as the first reply said. */
  contactBy(tx: Tx, input: { customerId: number; reportedAt: Date }): Promise<Date>;
}

export interface SupportServiceDeps {
  db: Db;
  notifier: Notifier;
  /** Absent where no process reports side effects (the clinic console's own use of the service). */
  sideEffects?: SideEffectWorkflow;
}

const firstName = (name: string | null) => (name ? name.trim().split(/\s+/)[0]! : null);

/**
 * Patients' conversations with the clinic (issue 19; answered from the clinic console, issue 12). A patient reads
 * only their own (another's id is 404); every patient message raises one email to the clinic inbox, and every
 * reply one to the patient, through the notifications outbox, keyed by the message, so a repeat never mails twice.
 */
export function createSupportService({ db, notifier, sideEffects }: SupportServiceDeps) {
  async function messagesOf(threadIds: string[]): Promise<Map<string, SupportMessage[]>> {
    const byThread = new Map<string, SupportMessage[]>(threadIds.map((id) => [id, []]));
    if (threadIds.length === 0) return byThread;
    const rows = await db
      .select({
        id: supportMessages.id,
        threadId: supportMessages.threadId,
        staffId: supportMessages.staffId,
        staffName: staff.name,
        body: supportMessages.body,
        uploadId: supportMessages.uploadId,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .leftJoin(staff, eq(staff.id, supportMessages.staffId))
      .where(inArray(supportMessages.threadId, threadIds))
      .orderBy(asc(supportMessages.id));
    for (const row of rows) {
      byThread.get(row.threadId)!.push({
        id: row.id,
        from: row.staffId === null ? 'patient' : 'clinic',
        authorName: row.staffId === null ? null : firstName(row.staffName),
        body: row.body,
        photoId: row.uploadId,
        sentAt: row.createdAt.toISOString(),
      });
    }
    return byThread;
  }

  function view(thread: ThreadRow, messages: SupportMessage[]): SupportThread {
    return {
      id: thread.id,
      subject: thread.subject,
      status: supportThreadStatus(thread.awaitingClinic ? 'patient' : 'clinic'),
      createdAt: thread.createdAt.toISOString(),
      updatedAt: thread.updatedAt.toISOString(),
      messages,
    };
  }

  async function threadsOf(customerId: number): Promise<SupportThread[]> {
    const threads = await db.select().from(supportThreads).where(eq(supportThreads.customerId, customerId)).orderBy(desc(supportThreads.updatedAt)).limit(200);
    const messages = await messagesOf(threads.map((thread) => thread.id));
    return threads.map((thread) => view(thread, messages.get(thread.id)!));
  }

  /** Adds a message once per key; answers whether it was new. The thread's last word and time move with it. */
  async function addMessage(tx: Tx, thread: ThreadRow, body: string, key: string, staffId: number | null, uploadId: string | null = null): Promise<number | null> {
    const [inserted] = await tx
      .insert(supportMessages)
      .values({ threadId: thread.id, staffId, body, uploadId, idempotencyKey: key })
      .onConflictDoNothing({ target: [supportMessages.threadId, supportMessages.idempotencyKey] })
      .returning({ id: supportMessages.id });
    if (!inserted) return null;
    await tx.update(supportThreads).set({ awaitingClinic: staffId === null, updatedAt: sql`now()` }).where(eq(supportThreads.id, thread.id));
    const template = staffId === null ? 'support-message' : 'support-reply';
    await notifier.notify(tx, { template, customerId: thread.customerId, dedupeKey: `${template}:${inserted.id}`, data: { threadId: thread.id } });
    return inserted.id;
  }

  async function ownThread(customerId: number, id: string, tx: Pick<Db, 'select'> = db): Promise<ThreadRow> {
    const [thread] = await tx.select().from(supportThreads).where(and(eq(supportThreads.id, id), eq(supportThreads.customerId, customerId)));
    if (!thread) throw notFound(SUPPORT_THREAD_NOT_FOUND);
    return thread;
  }

  async function anyThread(id: string, tx: Pick<Db, 'select'> = db): Promise<ThreadRow> {
    const [thread] = await tx.select().from(supportThreads).where(eq(supportThreads.id, id));
    if (!thread) throw notFound(SUPPORT_THREAD_NOT_FOUND);
    return thread;
  }

  async function one(thread: ThreadRow): Promise<SupportThread> {
    const messages = await messagesOf([thread.id]);
    return view(thread, messages.get(thread.id)!);
  }

  return {
    threadsOf,

    /** A new conversation; a repeat with the same key answers the one it opened. */
    async open(customerId: number, input: NewSupportThread, key: string): Promise<SupportThread> {
      if (input.photoId) {
        // Only a support photo of the patient's own: any other id (another's, or an ID photo) is not found.
        const [photo] = await db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(eq(uploads.id, input.photoId), eq(uploads.customerId, customerId), eq(uploads.category, SUPPORT_PHOTO_CATEGORY)));
        if (!photo) throw notFound(SUPPORT_PHOTO_NOT_FOUND);
      }
      const thread = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(supportThreads)
          .values({ customerId, subject: input.subject, idempotencyKey: key })
          .onConflictDoNothing({ target: [supportThreads.customerId, supportThreads.idempotencyKey] })
          .returning();
        if (!created) {
          const [earlier] = await tx.select().from(supportThreads).where(and(eq(supportThreads.customerId, customerId), eq(supportThreads.idempotencyKey, key)));
          return earlier!;
        }
        await addMessage(tx, created, input.message, key, null, input.photoId ?? null);
        return created;
      });
      return one(await anyThread(thread.id));
    },

    /**
     * A side effect reported from the account: kept as a conversation with the care team (severity in its subject),
     * and carried on by the side-effect workflow in the same transaction (a severe one opens the urgent item). A
     * repeat with the same key answers as the first report did, the call time included, and raises nothing again.
     */
    async reportSideEffect(customerId: number, report: SideEffectReport, key: string): Promise<SideEffectReportReply> {
      if (!sideEffects) throw new Error('Side-effect reports need the side-effect workflow');
      const { threadId, contactBy } = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(supportThreads)
          .values({ customerId, subject: sideEffectReportSubject(report.severity), idempotencyKey: key })
          .onConflictDoNothing({ target: [supportThreads.customerId, supportThreads.idempotencyKey] })
          .returning();
        if (!created) {
          const [earlier] = await tx.select().from(supportThreads).where(and(eq(supportThreads.customerId, customerId), eq(supportThreads.idempotencyKey, key)));
          const severe = earlier!.subject === sideEffectReportSubject('severe');
          return { threadId: earlier!.id, contactBy: severe ? await sideEffects.contactBy(tx, { customerId, reportedAt: earlier!.createdAt }) : null };
        }
        await addMessage(tx, created, `${SIDE_EFFECT_SEVERITIES[report.severity]}\n\n${report.description}`, key, null);
        return { threadId: created.id, ...(await sideEffects.reported(tx, { customerId, threadId: created.id, report })) };
      });
      const thread = await one(await anyThread(threadId));
      return { thread, urgent: thread.subject === sideEffectReportSubject('severe'), contactBy: contactBy?.toISOString() ?? null };
    },

    async patientThread(customerId: number, id: string): Promise<SupportThread> {
      return one(await ownThread(customerId, id));
    },

    async patientReply(customerId: number, id: string, body: string, key: string): Promise<SupportThread> {
      await db.transaction(async (tx) => addMessage(tx, await ownThread(customerId, id, tx), body, key, null));
      return one(await ownThread(customerId, id));
    },

    /** For the clinic: the thread and whose it is (the caller audits the read). */
    async clinicThread(id: string) {
      const thread = await anyThread(id);
      const [patient] = await db.select().from(customers).where(eq(customers.id, thread.customerId));
      return { thread: await one(thread), customerId: thread.customerId, patient: { id: patient!.uid, name: `${patient!.firstName} ${patient!.lastName}`.trim(), email: patient!.email } };
    },

    /** A member of staff's reply, once per key; answers the reply's id when it was new. */
    async clinicReply(staffId: number, id: string, body: string, key: string): Promise<{ customerId: number; messageId: number | null }> {
      return db.transaction(async (tx) => {
        const thread = await anyThread(id, tx);
        return { customerId: thread.customerId, messageId: await addMessage(tx, thread, body, key, staffId) };
      });
    },

    /** Conversations waiting for the clinic, the longest wait first. */
    async inbox(): Promise<SupportInbox> {
      const rows = await db
        .select({
          id: supportThreads.id,
          subject: supportThreads.subject,
          updatedAt: supportThreads.updatedAt,
          firstName: customers.firstName,
          lastName: customers.lastName,
          messageCount: count(supportMessages.id),
        })
        .from(supportThreads)
        .innerJoin(customers, eq(customers.id, supportThreads.customerId))
        .leftJoin(supportMessages, eq(supportMessages.threadId, supportThreads.id))
        .where(eq(supportThreads.awaitingClinic, true))
        .groupBy(supportThreads.id, customers.id)
        .orderBy(asc(supportThreads.updatedAt))
        .limit(500);
      return {
        threads: rows.map((row) => ({
          id: row.id,
          subject: row.subject,
          status: 'awaiting_clinic' as const,
          patient: { name: `${row.firstName} ${row.lastName}`.trim() },
          waitingSince: row.updatedAt.toISOString(),
          messageCount: row.messageCount,
        })),
      };
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
