import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { INJECTION_NUDGE } from '@elmwood/domain';
import { render } from '@react-email/render';
import type { Mailer, MailMessage } from '../../adapters/mail/port';
import { TextMessageError, type TextMessenger } from '../../adapters/messaging/port';
import type { AppNotifications } from '../../adapters/web-push/choose';
import { PushError } from '../../adapters/web-push/port';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { channelOptOuts, notifications } from '../../db/schema/notifications';
import { orderItems, orders } from '../../db/schema/orders';
import { taskDefinitions, tasks } from '../../db/schema/tasks';
import { defineQueue, type Executor, type Jobs } from '../../lib/queue';
import type { NotificationRequest, NotificationTemplate, Notifier, RecordOptions } from '../../contracts/notifier';
import { ukMobileE164 } from './phone';
import { createPushChannel } from './push';
import { createReminders, INJECTION_NUDGE_TEMPLATE, reminderKindOf } from './reminders';
import { EmailLayout } from './templates/layout';
import { CLINIC_TEMPLATES, compose, GP_TEMPLATES, OPTIONAL_TEMPLATES, SECRET_TEMPLATES, SECURITY_TEMPLATES, type MessageContext } from './templates/messages';
import { UNSUBSCRIBE_PATH, unsubscribeToken } from './unsubscribe';
import type { TaskBook } from '../../contracts/tasks';

/** One job per message: handed to its provider, retried with backoff, then to the dead-letter queue. */
export const notificationSendsQueue = defineQueue<{ id: number }>('notification-sends', { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 5 * 60 });
/** Every minute: messages whose time has come (reminders, and any whose job was lost) get their send job. */
export const notificationsDueQueue = defineQueue<Record<string, never>>('notifications-due', { retryLimit: 2, retryDelaySeconds: 30 });
export const NOTIFICATIONS_DUE_SCHEDULE = '* * * * *';

type Queryable = Parameters<Notifier['notify']>[0];

/** The text part reads as written: headings keep their case, and the preview line is left out. */
const PLAIN_TEXT = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
  ],
};

export interface NotificationsDeps {
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  /** SMS and WhatsApp; null where the shop offers neither (production without Twilio). */
  texts: TextMessenger | null;
  /** App notifications (Web Push); null where the shop sends none. */
  push?: AppNotifications | null;
  /** Signs the unsubscribe links. */
  secret: string;
  siteUrl: string;
  brandName: string;
  /** Where messages for the clinic (CLINIC_TEMPLATES) go; configuration always names one (SUPPORT_INBOX). */
  supportInbox?: string;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  now?: () => Date;
  /**
   * Whether the patient logged a weekly dose (taken or missed) since an instant: the injection log's answer, handed in
   * where the modules are composed, so the nudge after an injection day goes only to a patient who logged nothing.
   */
  doseLoggedSince?: (customerId: number, since: Date) => Promise<boolean>;
  /** Saving reminder settings completes the set-up-reminders task. */
  taskBook: Pick<TaskBook, 'completeOpenWhere'>;
}

export type Attacher = (data: Record<string, unknown>) => Promise<NonNullable<MailMessage['attachments']>>;

export type DeliveryOutcome = 'sent' | 'skipped' | 'undeliverable' | 'not-ours';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export type Notifications = ReturnType<typeof createNotifications>;

/** Messages that show the order they name, with what the patient still has to do for it. */
const ORDER_TEMPLATES: ReadonlySet<string> = new Set<NotificationTemplate>(['order-placed', 'critical-tasks-open']);

interface OrderFacts {
  number: string;
  items: { name: string; frequency: number; total: number }[];
  discount: number;
  shipping: number;
  total: number;
  criticalTasks: { id: string; name: string }[];
}

interface MessageFacts {
  customer: { uid: string; firstName: string | null } | null;
  order: OrderFacts | null;
}

/** The patient's own order by its number, as JSON with its lines and the patient's open critical tasks. */
function orderFactsOf(orderNumber: string, customerId: number) {
  return sql`(select json_build_object(
      'number', o.number, 'discount', o.discount, 'shipping', o.shipping, 'total', o.total,
      'items', (select coalesce(json_agg(json_build_object('name', i.product_name || ' ' || i.variant_name, 'frequency', i.frequency, 'total', i.total) order by i.id), '[]'::json)
                from ${orderItems} i where i.order_id = o.id),
      'criticalTasks', (select coalesce(json_agg(json_build_object('id', t.id, 'name', d.name) order by d.position, t.created_at), '[]'::json)
                        from ${tasks} t join ${taskDefinitions} d on d.code = t.code
                        where t.customer_id = o.customer_id and t.state = 'open' and d.is_critical))
    from ${orders} o where o.number = ${orderNumber} and o.customer_id = ${customerId})`;
}

/**
 * The notifications module: records each message in the outbox (in the transaction of the event that asks for it),
 * and hands it to its channel's provider from the job queue, once.
 */
export function createNotifications(deps: NotificationsDeps) {
  const { db, jobs, mailer, texts, secret, siteUrl, brandName, supportInbox, log, now = () => new Date(), doseLoggedSince, taskBook } = deps;
  const pushes = createPushChannel({ db, push: deps.push ?? null });
  const url = (path: string) => new URL(path, siteUrl).toString();

  /** Writes the message and (for one due now) its send job, in the caller's transaction. Answers the row's id, or null for a repeat. */
  async function record(tx: Queryable, request: NotificationRequest, options: RecordOptions = {}): Promise<number | null> {
    const channel = options.channel ?? 'email';
    // A sign-up's code goes to the address typed in the form: there is no account yet.
    const customerId = 'email' in request ? null : request.customerId;
    const [customer] =
      'email' in request
        ? [{ email: request.email, phoneNumber: null }]
        : await tx.select({ email: customers.email, phoneNumber: customers.phoneNumber }).from(customers).where(eq(customers.id, request.customerId));
    if (!customer) return null;
    const text = channel === 'sms' || channel === 'whatsapp';
    const mobile = text ? ukMobileE164(customer.phoneNumber) : null;
    const toClinic = CLINIC_TEMPLATES.has(request.template);
    if (toClinic && !supportInbox) throw new Error(`no inbox for ${request.template}: SUPPORT_INBOX is not configured`);
    const toGp = GP_TEMPLATES.has(request.template);
    if (toGp !== (options.to !== undefined) || (toGp && channel !== 'email')) throw new Error(`${request.template}: only the GP templates, by email, go to an address given with them`);
    if (channel === 'push' && (toGp || toClinic || customerId === null)) throw new Error(`${request.template}: app notifications go to a patient's own devices only`);
    // An app notification goes to whichever devices the patient has when it is sent.
    const recipient = toGp ? options.to! : toClinic ? supportInbox! : channel === 'email' ? customer.email : channel === 'push' ? 'app' : (mobile ?? customer.phoneNumber ?? '');
    const [row] = await tx
      .insert(notifications)
      .values({
        customerId,
        template: request.template,
        channel,
        recipient,
        data: request.data as Record<string, unknown>,
        dedupeKey: request.dedupeKey,
        sendAfter: options.sendAfter ?? now(),
        ...(text && !mobile && !toClinic ? { status: 'undeliverable', error: 'not a UK mobile number' } : {}),
      })
      .onConflictDoNothing({ target: notifications.dedupeKey })
      .returning({ id: notifications.id, status: notifications.status });
    if (!row) return null;
    if (row.status === 'queued' && !options.sendAfter) {
      await jobs.sendWithin(tx as unknown as Executor, notificationSendsQueue, { id: row.id }, { singletonKey: `notification-${row.id}` });
    }
    return row.id;
  }

  const notifier: Notifier = {
    async notify(tx, request, options) {
      await record(tx, request, { ...(options?.sendAfter ? { sendAfter: options.sendAfter } : {}), ...(options?.to ? { to: options.to } : {}) });
    },
    async withdraw(tx, dedupeKey) {
      await tx.update(notifications).set({ status: 'cancelled' }).where(and(eq(notifications.dedupeKey, dedupeKey), eq(notifications.status, 'queued')));
    },
  };

  /**
   * What a message says besides its own data, in one read: the patient's uid and first name, and for a message about
   * an order, the order with its lines and the critical tasks still open (a clinician waits on them whichever order
   * brought them).
   */
  async function factsFor(row: typeof notifications.$inferSelect): Promise<MessageFacts> {
    const orderNumber = typeof row.data.orderNumber === 'string' && ORDER_TEMPLATES.has(row.template) ? row.data.orderNumber : null;
    const result = await db.execute(sql`
      select c.uid, c.first_name as "firstName", ${orderNumber === null ? sql`null::json` : orderFactsOf(orderNumber, row.customerId!)} as "order"
      from (select 1) as one left join ${customers} c on c.id = ${row.customerId}`);
    const [facts] = (result as unknown as { rows: { uid: string | null; firstName: string | null; order: OrderFacts | null }[] }).rows;
    return {
      customer: facts?.uid ? { uid: facts.uid, firstName: facts.firstName } : null,
      order: facts?.order ?? null,
    };
  }

  function contextFor(facts: MessageFacts, firstName: string): MessageContext {
    const context: MessageContext = { brandName, firstName, url };
    if (facts.order) {
      const { criticalTasks, ...order } = facts.order;
      context.order = order;
      context.openCriticalTasks = criticalTasks.map((task) => ({ name: task.name, url: url(`/account/tasks/${task.id}`) }));
    }
    return context;
  }

  /** The email as the patient receives it: HTML and text rendered from the same React components. */
  async function renderEmail(row: typeof notifications.$inferSelect): Promise<RenderedEmail> {
    const facts = await factsFor(row);
    const { customer } = facts;
    const template = row.template as NotificationTemplate;
    const toClinic = CLINIC_TEMPLATES.has(template);
    const toGp = GP_TEMPLATES.has(template);
    // A deleted account's name may be gone by the time its confirmation is sent: the message carries it.
    const firstName = typeof row.data.firstName === 'string' ? row.data.firstName : (customer?.firstName ?? 'there');
    const context = contextFor(facts, toClinic ? 'clinic team' : toGp ? 'Doctor' : firstName);
    const composed = compose({ template: row.template, data: row.data } as NotificationRequest, context);
    const unsubscribeUrl = customer && !toClinic && !toGp && !SECURITY_TEMPLATES.has(template) ? url(`${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(secret, customer.uid, 'email')}`) : null;
    const element = EmailLayout({ brandName, siteUrl, preview: composed.preview, firstName: context.firstName, unsubscribeUrl, children: composed.body });
    const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT })]);
    const headers: Record<string, string> = unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
    return { subject: composed.subject, html, text, headers };
  }

  async function renderShort(row: typeof notifications.$inferSelect): Promise<string> {
    const facts = await factsFor(row);
    const short = compose({ template: row.template, data: row.data } as NotificationRequest, contextFor(facts, facts.customer?.firstName ?? 'there')).short;
    return row.channel === 'sms' ? `${short} Reply STOP to stop these messages.` : short;
  }

  /** An app notification's words: the message's subject and preview line, which name no health detail. */
  async function renderNotification(row: typeof notifications.$inferSelect): Promise<{ title: string; body: string }> {
    const facts = await factsFor(row);
    const composed = compose({ template: row.template, data: row.data } as NotificationRequest, contextFor(facts, facts.customer?.firstName ?? 'there'));
    return { title: composed.subject, body: composed.preview };
  }

  async function optedOut(customerId: number, channel: string): Promise<boolean> {
    const [row] = await db.select({ channel: channelOptOuts.channel }).from(channelOptOuts).where(and(eq(channelOptOuts.customerId, customerId), eq(channelOptOuts.channel, channel)));
    return row !== undefined;
  }

  /**
   * Hands one message to its provider, once: the row is claimed ('queued' or 'failed' → 'sending') in one statement,
   * so a second process, or a repeat of the job, finds nothing to do. A provider's refusal that a retry could cure
   * marks it 'failed' and throws (the queue retries); a process that dies mid-send leaves it 'sending', never sent twice.
   */
  async function deliver(id: number): Promise<DeliveryOutcome> {
    const [row] = await db
      .update(notifications)
      .set({ status: 'sending', attempts: sql`${notifications.attempts} + 1`, claimedAt: now() })
      .where(and(eq(notifications.id, id), inArray(notifications.status, ['queued', 'failed']), lte(notifications.sendAfter, now())))
      .returning();
    if (!row) return 'not-ours';
    const finish = (set: Partial<typeof notifications.$inferInsert>) => db.update(notifications).set(set).where(eq(notifications.id, id));
    const kind = row.customerId !== null ? reminderKindOf(row.template) : null;
    const reminder = kind && row.customerId !== null ? { customerId: row.customerId, version: Number(row.data.version), kind } : null;
    if (reminder && !(await reminders.isCurrent(reminder.customerId, reminder.version, reminder.kind))) {
      await finish({ status: 'cancelled' });
      return 'not-ours';
    }
    // The nudge after an injection day: not for a reminder since changed or turned off, nor once a dose was logged.
    if (row.template === INJECTION_NUDGE_TEMPLATE && row.customerId !== null) {
      const since = new Date(Date.parse(String(row.data.reminderAt)) - INJECTION_NUDGE.loggedFromDaysBefore * 86_400_000);
      const current = await reminders.isCurrent(row.customerId, Number(row.data.version), 'injection');
      if (!current || (doseLoggedSince && (await doseLoggedSince(row.customerId, since)))) {
        await finish({ status: 'cancelled' });
        return 'not-ours';
      }
    }
    // The next reminder is queued once this one is settled (sent or skipped), never twice: only the claimer gets here.
    const chainReminder = async () => {
      if (reminder) await reminders.sent(reminder.customerId, reminder.version, row.sendAfter, reminder.kind);
    };
    if (row.customerId !== null && OPTIONAL_TEMPLATES.has(row.template as NotificationTemplate) && (await optedOut(row.customerId, row.channel))) {
      await finish({ status: 'skipped', error: 'channel turned off by the patient' });
      await chainReminder();
      return 'skipped';
    }
    try {
      let providerId: string;
      if (row.channel === 'email') {
        const email = await renderEmail(row);
        const attachments = await attachmentsOf(row);
        ({ providerId } = await mailer.send({ to: row.recipient, ...email, ...(attachments.length ? { attachments } : {}) }));
      } else if (row.channel === 'push') {
        ({ providerId } = await pushes.deliver(row, await renderNotification(row)));
      } else {
        if (!texts) throw new TextMessageError('refused', 'SMS and WhatsApp are not offered by this shop');
        ({ providerId } = await texts.send({ channel: row.channel as 'sms' | 'whatsapp', to: row.recipient, body: await renderShort(row) }));
      }
      await finish({ status: 'sent', providerId, sentAt: now(), error: null, ...(SECRET_TEMPLATES.has(row.template as NotificationTemplate) ? { data: {} } : {}) });
      await chainReminder();
      return 'sent';
    } catch (error) {
      const permanent = (error instanceof TextMessageError && error.permanent) || (error instanceof PushError && error.reason !== 'busy');
      const reason = error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
      await finish({ status: permanent ? 'undeliverable' : 'failed', error: reason });
      if (permanent) {
        await chainReminder();
        return 'undeliverable';
      }
      log.warn({ notificationId: id, template: row.template, channel: row.channel }, 'message not handed over; the queue retries it');
      throw error;
    }
  }

  /** Gives every message whose time has come a send job (the job's key makes a repeat, or another process's, add nothing). */
  async function queueDue(at: Date = now()): Promise<number> {
    const due = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.status, 'queued'), lte(notifications.sendAfter, at)))
      .orderBy(asc(notifications.sendAfter))
      .limit(500);
    // One statement for the lot: in a busy hour hundreds are due at once, most already holding the job their event gave them.
    await jobs.sendMany(
      notificationSendsQueue,
      due.map(({ id }) => ({ data: { id }, options: { singletonKey: `notification-${id}` } })),
    );
    return due.length;
  }

  const reminders = createReminders({ db, notifications: { record }, now, textChannels: texts !== null, push: pushes, taskBook });

  // Files a template's message carries (a GP letter's PDF), given by the module that keeps them.
  const attachers = new Map<NotificationTemplate, Attacher>();
  async function attachmentsOf(row: typeof notifications.$inferSelect): Promise<NonNullable<MailMessage['attachments']>> {
    const attacher = attachers.get(row.template as NotificationTemplate);
    if (!attacher) return [];
    const files = await attacher(row.data);
    // A message sent without its file would say 'attached' of nothing: the queue retries until it is there.
    if (files.length === 0) throw new Error(`${row.template}: its attachment is not ready`);
    return files;
  }

  return {
    notifier,
    reminders,
    /** The patient's devices with app notifications on. */
    push: pushes,
    record,
    deliver,
    queueDue,
    renderEmail,
    /** `template`'s messages carry the files `attacher` gives for their data. */
    attach(template: NotificationTemplate, attacher: Attacher) {
      attachers.set(template, attacher);
    },
    /** Creates the queues, so that notify() can queue a send from inside a transaction. */
    async prepare() {
      await jobs.prepare(notificationSendsQueue);
      await jobs.prepare(notificationsDueQueue);
    },
    /** In a process that runs jobs: sends messages, and every minute queues those that have come due. */
    async work() {
      await jobs.work(notificationSendsQueue, async ({ id }) => {
        await deliver(id);
      });
      await jobs.work(notificationsDueQueue, async () => {
        await queueDue();
      });
      await jobs.schedule(notificationsDueQueue, NOTIFICATIONS_DUE_SCHEDULE, {});
    },
  };
}
