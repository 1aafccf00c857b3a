import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_REMINDER_SETTINGS,
  nextReminderAt,
  PUSH_MESSAGES,
  reminderSettingsSchema,
  TASK_CODES,
  ukCalendarDate,
  type ReminderSettings,
  type Task,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { notifications, reminderSettings } from '../../db/schema/notifications';
import { AppError } from '../../lib/errors';
import { completeOpenTasksWhere } from '../tasks/index';
import { NOT_A_UK_MOBILE_MESSAGE, ukMobileE164 } from './phone';
import { turnChannelOn } from './preferences';
import type { RecordMessage } from './contract';

export const REMINDER_TEMPLATE = 'weight-reminder';

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
}: {
  db: Db;
  notifications: { record: RecordMessage };
  now: () => Date;
  /** Whether this shop sends SMS and WhatsApp at all. */
  textChannels: boolean;
  /** App notifications: whether the shop sends them, and whether a patient has a device to send them to. */
  push: { available: boolean; hasDevice(customerId: number): Promise<boolean> };
}) {
  async function settingsRow(tx: Pick<Db, 'select'>, customerId: number, lock = false) {
    const query = tx.select().from(reminderSettings).where(eq(reminderSettings.customerId, customerId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** Withdraws the sends not yet handed over: a reminder turned off or changed never goes at its old time. */
  async function cancelQueued(tx: Pick<Db, 'update'>, customerId: number) {
    await tx
      .update(notifications)
      .set({ status: 'cancelled' })
      .where(and(eq(notifications.customerId, customerId), eq(notifications.template, REMINDER_TEMPLATE), eq(notifications.status, 'queued')));
  }

  /** Records the next send after `after` for these settings (none when off); a repeat for the same instant adds nothing. */
  async function queueNext(tx: Db, customerId: number, row: SettingsRow, after: Date): Promise<Date | null> {
    const at = nextReminderAt(toSettings(row), row.anchorDate, after);
    if (!at) return null;
    await module.record(
      tx,
      { template: REMINDER_TEMPLATE, customerId, dedupeKey: `weight-reminder:${customerId}:${row.version}:${at.toISOString()}`, data: { version: row.version, at: at.toISOString() } },
      { channel: row.channel as ReminderSettings['selectedChannel'], sendAfter: at },
    );
    return at;
  }

  return {
    async get(customerId: number): Promise<{ settings: ReminderSettings; isSaved: boolean; nextReminderAt: string | null }> {
      const row = await settingsRow(db, customerId);
      const [next] = await db
        .select({ sendAfter: notifications.sendAfter })
        .from(notifications)
        .where(and(eq(notifications.customerId, customerId), eq(notifications.template, REMINDER_TEMPLATE), eq(notifications.status, 'queued')))
        .limit(1);
      return { settings: toSettings(row), isSaved: row !== undefined, nextReminderAt: next?.sendAfter.toISOString() ?? null };
    },

    async save(customerId: number, input: unknown): Promise<SavedReminder> {
      const parsed = reminderSettingsSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError(422, 'INVALID_REMINDER', issue.message, { issues: [{ field: String(issue.path[0] ?? 'settings'), message: issue.message }] });
      }
      const settings = parsed.data;
      // Before the transaction: on the embedded database a read outside it would wait for it forever.
      if (settings.isEnabled && settings.selectedChannel === 'push') {
        if (!push.available) throw new AppError(422, 'CHANNEL_UNAVAILABLE', PUSH_MESSAGES.unavailable, { issues: [{ field: 'selectedChannel', message: PUSH_MESSAGES.unavailable }] });
        if (!(await push.hasDevice(customerId))) throw new AppError(422, 'NO_PUSH_DEVICE', PUSH_MESSAGES.noDevice, { issues: [{ field: 'selectedChannel', message: PUSH_MESSAGES.noDevice }] });
      }
      return db.transaction(async (tx) => {
        const [customer] = await tx.select({ phoneNumber: customers.phoneNumber }).from(customers).where(eq(customers.id, customerId)).for('update');
        const text = settings.selectedChannel === 'sms' || settings.selectedChannel === 'whatsapp';
        if (settings.isEnabled && text && !textChannels) {
          throw new AppError(422, 'CHANNEL_UNAVAILABLE', TEXT_CHANNELS_OFF_MESSAGE, { issues: [{ field: 'selectedChannel', message: TEXT_CHANNELS_OFF_MESSAGE }] });
        }
        if (settings.isEnabled && text && !ukMobileE164(customer?.phoneNumber)) {
          throw new AppError(422, 'NOT_A_UK_MOBILE', NOT_A_UK_MOBILE_MESSAGE, { issues: [{ field: 'selectedChannel', message: NOT_A_UK_MOBILE_MESSAGE }] });
        }
        const at = now();
        const existing = await settingsRow(tx, customerId, true);
        const values = {
          isEnabled: settings.isEnabled,
          channel: settings.selectedChannel,
          type: settings.type,
          days: settings.type === 'weekly' ? settings.selectedDays : [],
          hours: settings.hours,
          minutes: settings.minutes,
          frequency: settings.selectedFrequency,
          // Months count from the day a periodic reminder is set (or its frequency changed).
          anchorDate:
            existing && existing.type === 'periodic' && settings.type === 'periodic' && existing.frequency === settings.selectedFrequency ? existing.anchorDate : ukCalendarDate(at),
          updatedAt: at,
        };
        const [row] = existing
          ? await tx.update(reminderSettings).set({ ...values, version: existing.version + 1 }).where(eq(reminderSettings.customerId, customerId)).returning()
          : await tx.insert(reminderSettings).values({ customerId, ...values }).returning();
        // Choosing a channel here is consent to reminders on it, even one unsubscribed from before.
        if (settings.isEnabled) await turnChannelOn(tx, customerId, settings.selectedChannel);
        await cancelQueued(tx, customerId);
        const next = await queueNext(tx as unknown as Db, customerId, row!, at);
        const completed = await completeOpenTasksWhere(tx as unknown as Db, customerId, (task) => task.taskType === 'reminder', 'reminder-settings');
        const reminderTask = completed.find((task) => task.taskDefinition.code === TASK_CODES.reminderSetUp) ?? null;
        return { settings: toSettings(row), nextReminderAt: next?.toISOString() ?? null, completedTask: reminderTask };
      });
    },

    /**
     * After a reminder went (or was skipped on a channel turned off): queues the one after it, unless the settings
     * changed since it was queued (their save queued the next already). Answers false for a stale reminder.
     */
    async sent(customerId: number, version: number, sentFor: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await settingsRow(tx, customerId, true);
        if (!row || row.version !== version || !row.isEnabled) return false;
        await queueNext(tx as unknown as Db, customerId, row, sentFor);
        return true;
      });
    },

    /** Whether a queued reminder still matches the settings (a save cancels older ones; this guards a race with it). */
    async isCurrent(customerId: number, version: number): Promise<boolean> {
      const row = await settingsRow(db, customerId);
      return row !== undefined && row.isEnabled && row.version === version;
    },
  };
}

export type Reminders = ReturnType<typeof createReminders>;
