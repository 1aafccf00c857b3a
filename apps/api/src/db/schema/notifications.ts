import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * The notifications outbox: every message to a patient, written in the transaction of the event that asks for it
 * and handed to its provider by the job queue. The row's state is what makes a message go out once: a job claims
 * it ('queued' or 'failed' → 'sending') before handing it over.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    /** email, sms, whatsapp or push (app notifications). */
    channel: text('channel').notNull(),
    /** The address as it was when the event happened: an email, or an E.164 number. */
    recipient: text('recipient').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** One message per business event, however often the event is raised. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** queued, sending, sent, failed (retried), undeliverable, skipped (channel turned off), cancelled. */
    status: text('status').notNull().default('queued'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    providerId: text('provider_id'),
    /** The provider's delivery state (Twilio status callbacks). */
    providerStatus: text('provider_status'),
    /** Why the last try failed, without the message's content. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a send last claimed it ('sending'): a row left there long after, by a crashed process, is shown to the clinic. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_status_send_after').on(table.status, table.sendAfter),
    index('notifications_customer').on(table.customerId, table.createdAt),
    index('notifications_provider_id').on(table.providerId),
  ],
);

/** A channel a patient turned off for optional messages (reminders, nudges): by the unsubscribe link, STOP, or the account. */
export const channelOptOuts = pgTable(
  'channel_opt_outs',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** unsubscribe-link, stop-reply or account. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.channel] })],
);

/**
 * A patient's reminders (SPEC §3 Reminder settings): the weight-logging reminder, and the injection-day reminder
 * (issue 35); one of each kind per patient.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** weight | injection. */
    kind: text('kind').notNull().default('weight'),
    isEnabled: boolean('is_enabled').notNull(),
    channel: text('channel').notNull(),
    /** weekly (days and a time) or periodic (every 1, 2 or 3 months at the time). */
    type: text('type').notNull(),
    days: text('days').array().notNull(),
    hours: smallint('hours').notNull(),
    minutes: smallint('minutes').notNull(),
    /** Days between periodic reminders: 30, 60 or 90. */
    frequency: smallint('frequency').notNull(),
    /** The UK date a periodic reminder counts its months from (the day it was set). */
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    /** Bumped on each change: a queued send of an older version is stale. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.kind] })],
);

/**
 * A device where the patient turned app notifications on (Web Push, RFC 8030): the push service's address for it and
 * the keys its messages are encrypted to (RFC 8291). The address is the device's: it belongs to one account at a time.
 * Removed when the patient turns it off, logs out on the device, or the push service answers that it is gone (404, 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The device's P-256 public key (65 bytes) and authentication secret (16 bytes), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_customer').on(table.customerId)],
);

/**
 * Which devices a message has been handed to: a retry after one device's push service failed sends to the others
 * only, so no device shows a message twice.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.subscriptionId] })],
);
