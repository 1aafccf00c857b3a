import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_INJECTION_REMINDER,
  DEFAULT_REMINDER_SETTINGS,
  INJECTION_NUDGE,
  injectionReminderFrom,
  injectionReminderSchema,
  injectionReminderSettings,
  nextReminderAt,
  PUSH_MESSAGES,
  reminderSettingsSchema,
  TASK_CODES,
  ukCalendarDate,
  type InjectionRemindersReply,
  type ReminderSettings,
  type Task,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { notifications, reminderSettings } from '../../db/schema/notifications';
import { AppError } from '../../lib/errors';
import { NOT_A_UK_MOBILE_MESSAGE, ukMobileE164 } from './phone';
import { turnChannelOn } from './preferences';
import type { RecordMessage } from '../../contracts/notifier';
import type { TaskBook } from '../../contracts/tasks';

export const REMINDER_TEMPLATE = 'weight-reminder';
/** The injection-day reminder (issue 35) and its nudge the day after. */
export const INJECTION_REMINDER_TEMPLATE = 'injection-reminder';
export const INJECTION_NUDGE_TEMPLATE = 'injection-nudge';

export const REMINDER_KINDS = ['weight', 'injection'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
const TEMPLATE_OF = { weight: REMINDER_TEMPLATE, injection: INJECTION_REMINDER_TEMPLATE } as const;
/** The reminder a queued message belongs to, by its template; null for any other message. */
export const reminderKindOf = (template: string): ReminderKind | null => (template === REMINDER_TEMPLATE ? 'weight' : template === INJECTION_REMINDER_TEMPLATE ? 'injection' : null);

type SettingsRow = typeof reminderSettings.$inferSelect;

export interface SavedReminder {
  settings: ReminderSettings;
  /** The next send, or null when off. */
  nextReminderAt: string | null;
  /** The reminder set-up task this save completed (the page shows its popup), or null. */
  completedTask: Task | null;
}

function toSettings(row: SettingsRow | undefined): ReminderSettings {
  if (!row) return DEFAULT_REMINDER_SETTINGS;
  return reminderSettingsSchema.parse({
    isEnabled: row.isEnabled,
    selectedChannel: row.channel,
    type: row.type,
    selectedDays: row.days,
    hours: row.hours,
    minutes: row.minutes,
    selectedFrequency: row.frequency,
  });
}

/**
 * A patient's weight-logging reminder: its settings, and exactly one queued send at a time. Saving replaces the queued
 * send (the old one is cancelled in the same transaction); each send, once handed over, queues the one after it.
 */
export const TEXT_CHANNELS_OFF_MESSAGE = 'Reminders by SMS and WhatsApp are not available at the moment. Please choose Email.';

export function createReminders({
  db,
  notifications: module,
  now,
  textChannels,
  push,
  taskBook,
}: {
  db: Db;
  notifications: { record: RecordMessage };
  now: () => Date;
  /** Whether this shop sends SMS and WhatsApp at all. */
  textChannels: boolean;
  /** App notifications: whether the shop sends them, and whether a patient has a device to send them to. */
  push: { available: boolean; hasDevice(customerId: number): Promise<boolean> };
  /** Saving reminder settings completes the set-up-reminders task. */
  taskBook: Pick<TaskBook, 'completeOpenWhere'>;
}) {
  async function settingsRow(tx: Pick<Db, 'select'>, customerId: number, kind: ReminderKind, lock = false) {
    const query = tx
      .select()
      .from(reminderSettings)
      .where(and(eq(reminderSettings.customerId, customerId), eq(reminderSettings.kind, kind)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** Withdraws the sends not yet handed over: a reminder turned off or changed never goes at its old time. */
  async function cancelQueued(tx: Pick<Db, 'update'>, customerId: number, kind: ReminderKind) {
    const templates = kind === 'injection' ? [INJECTION_REMINDER_TEMPLATE, INJECTION_NUDGE_TEMPLATE] : [REMINDER_TEMPLATE];
    for (const template of templates) {
      await tx
        .update(notifications)
        .set({ status: 'cancelled' })
        .where(and(eq(notifications.customerId, customerId), eq(notifications.template, template), eq(notifications.status, 'queued')));
    }
  }

  /** Records the next send after `after` for these settings (none when off); a repeat for the same instant adds nothing. */
  async function queueNext(tx: Db, customerId: number, row: SettingsRow, after: Date): Promise<Date | null> {
    const at = nextReminderAt(toSettings(row), row.anchorDate, after);
    if (!at) return null;
    const template = TEMPLATE_OF[row.kind as ReminderKind] ?? REMINDER_TEMPLATE;
    await module.record(
      tx,
      { template, customerId, dedupeKey: `${template}:${customerId}:${row.version}:${at.toISOString()}`, data: { version: row.version, at: at.toISOString() } },
      { channel: row.channel as ReminderSettings['selectedChannel'], sendAfter: at },
    );
    return at;
  }

  async function nextQueued(customerId: number, kind: ReminderKind): Promise<string | null> {
    const [next] = await db
      .select({ sendAfter: notifications.sendAfter })
      .from(notifications)
      .where(and(eq(notifications.customerId, customerId), eq(notifications.template, TEMPLATE_OF[kind]), eq(notifications.status, 'queued')))
      .limit(1);
    return next?.sendAfter.toISOString() ?? null;
  }

  const invalid = (issue: { path: PropertyKey[]; message: string }) =>
    new AppError(422, 'INVALID_REMINDER', issue.message, { issues: [{ field: String(issue.path[0] ?? 'settings'), message: issue.message }] });

  /** App notifications need the shop to send them and the patient to have a device. Checked before the transaction: on the embedded database a read outside it would wait for it forever. */
  async function pushReachable(customerId: number, settings: ReminderSettings) {
    if (!settings.isEnabled || settings.selectedChannel !== 'push') return;
    if (!push.available) throw new AppError(422, 'CHANNEL_UNAVAILABLE', PUSH_MESSAGES.unavailable, { issues: [{ field: 'selectedChannel', message: PUSH_MESSAGES.unavailable }] });
    if (!(await push.hasDevice(customerId))) throw new AppError(422, 'NO_PUSH_DEVICE', PUSH_MESSAGES.noDevice, { issues: [{ field: 'selectedChannel', message: PUSH_MESSAGES.noDevice }] });
  }

  /** Saves one kind of reminder: its settings, the channel turned on, the queued send replaced. Answers the row and the next send. */
  async function store(tx: Db, customerId: number, kind: ReminderKind, settings: ReminderSettings) {
    const [customer] = await tx.select({ phoneNumber: customers.phoneNumber }).from(customers).where(eq(customers.id, customerId)).for('update');
    const text = settings.selectedChannel === 'sms' || settings.selectedChannel === 'whatsapp';
    if (settings.isEnabled && text && !textChannels) {
      throw new AppError(422, 'CHANNEL_UNAVAILABLE', TEXT_CHANNELS_OFF_MESSAGE, { issues: [{ field: 'selectedChannel', message: TEXT_CHANNELS_OFF_MESSAGE }] });
    }
    if (settings.isEnabled && text && !ukMobileE164(customer?.phoneNumber)) {
      throw new AppError(422, 'NOT_A_UK_MOBILE', NOT_A_UK_MOBILE_MESSAGE, { issues: [{ field: 'selectedChannel', message: NOT_A_UK_MOBILE_MESSAGE }] });
    }
    const at = now();
    const existing = await settingsRow(tx, customerId, kind, true);
    const values = {
      isEnabled: settings.isEnabled,
      channel: settings.selectedChannel,
      type: settings.type,
      days: settings.type === 'weekly' ? settings.selectedDays : [],
      hours: settings.hours,
      minutes: settings.minutes,
      frequency: settings.selectedFrequency,
      // Months count from the day a periodic reminder is set (or its frequency changed).
      anchorDate: existing && existing.type === 'periodic' && settings.type === 'periodic' && existing.frequency === settings.selectedFrequency ? existing.anchorDate : ukCalendarDate(at),
      updatedAt: at,
    };
    const [row] = existing
      ? await tx
          .update(reminderSettings)
          .set({ ...values, version: existing.version + 1 })
          .where(and(eq(reminderSettings.customerId, customerId), eq(reminderSettings.kind, kind)))
          .returning()
      : await tx
          .insert(reminderSettings)
          .values({ customerId, kind, ...values })
          .returning();
    // Choosing a channel here is consent to reminders on it, even one unsubscribed from before.
    if (settings.isEnabled) await turnChannelOn(tx, customerId, settings.selectedChannel);
    await cancelQueued(tx, customerId, kind);
    const next = await queueNext(tx, customerId, row!, at);
    return { row: row!, next };
  }

  return {
    async get(customerId: number): Promise<{ settings: ReminderSettings; isSaved: boolean; nextReminderAt: string | null }> {
      const row = await settingsRow(db, customerId, 'weight');
      return { settings: toSettings(row), isSaved: row !== undefined, nextReminderAt: await nextQueued(customerId, 'weight') };
    },

    /** The injection-day reminder: off, by email on Monday at 9am, until the patient saves one. */
    async getInjection(customerId: number): Promise<InjectionRemindersReply> {
      const row = await settingsRow(db, customerId, 'injection');
      return { reminder: row ? injectionReminderFrom(toSettings(row)) : DEFAULT_INJECTION_REMINDER, isSaved: row !== undefined, nextReminderAt: await nextQueued(customerId, 'injection') };
    },

    async saveInjection(customerId: number, input: unknown): Promise<InjectionRemindersReply> {
      const parsed = injectionReminderSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues[0]!);
      const settings = injectionReminderSettings(parsed.data);
      await pushReachable(customerId, settings);
      const { row, next } = await db.transaction((tx) => store(tx as unknown as Db, customerId, 'injection', settings));
      return { reminder: injectionReminderFrom(toSettings(row)), isSaved: true, nextReminderAt: next?.toISOString() ?? null };
    },

    async save(customerId: number, input: unknown): Promise<SavedReminder> {
      const parsed = reminderSettingsSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error.issues[0]!);
      const settings = parsed.data;
      await pushReachable(customerId, settings);
      return db.transaction(async (tx) => {
        const { row, next } = await store(tx as unknown as Db, customerId, 'weight', settings);
        const completed = await taskBook.completeOpenWhere(tx as unknown as Db, customerId, (task) => task.taskType === 'reminder', 'reminder-settings');
        const reminderTask = completed.find((task) => task.taskDefinition.code === TASK_CODES.reminderSetUp) ?? null;
        return { settings: toSettings(row), nextReminderAt: next?.toISOString() ?? null, completedTask: reminderTask };
      });
    },

    /**
     * After a reminder went (or was skipped on a channel turned off): queues the one after it, unless the settings
     * changed since it was queued (their save queued the next already). Answers false for a stale reminder.
     */
    async sent(customerId: number, version: number, sentFor: Date, kind: ReminderKind = 'weight'): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await settingsRow(tx, customerId, kind, true);
        if (!row || row.version !== version || !row.isEnabled) return false;
        await queueNext(tx as unknown as Db, customerId, row, sentFor);
        // The injection day's nudge, the day after; withdrawn at its time if a dose was logged (the send checks).
        if (kind === 'injection') {
          await module.record(
            tx,
            { template: INJECTION_NUDGE_TEMPLATE, customerId, dedupeKey: `${INJECTION_NUDGE_TEMPLATE}:${customerId}:${sentFor.toISOString()}`, data: { version, reminderAt: sentFor.toISOString() } },
            { channel: row.channel as ReminderSettings['selectedChannel'], sendAfter: new Date(sentFor.getTime() + INJECTION_NUDGE.afterHours * 3_600_000) },
          );
        }
        return true;
      });
    },

    /** Whether a queued reminder still matches the settings (a save cancels older ones; this guards a race with it). */
    async isCurrent(customerId: number, version: number, kind: ReminderKind = 'weight'): Promise<boolean> {
      const row = await settingsRow(db, customerId, kind);
      return row !== undefined && row.isEnabled && row.version === version;
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;
