import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** Weight-loss coaches (SPEC §3 Coach): data, seeded, later kept in the clinic console. */
export const coaches = pgTable('coaches', {
  /** The medical_personnel_id the shop API names (SPEC §7). */
  id: text('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** The coach's work address: how a Calendly booking is matched to them. */
  email: text('email').notNull().unique(),
  images: jsonb('images').$type<{ mainImg: string; modalImg: string; thumbnail: string }>().notNull(),
  description: text('description').notNull(),
  /** Weekly windows in UK wall-clock time: [{ day_of_week, time_start, time_end }]. */
  availability: jsonb('availability').$type<{ day_of_week: number; time_start: string; time_end: string }[]>().notNull(),
  specialism: text('specialism').array().notNull(),
  qualifications: text('qualifications').array().notNull(),
  about: text('about').notNull(),
  approach: text('approach').notNull(),
  howWeWillWork: text('how_we_will_work').notNull(),
  testimonials: jsonb('testimonials').$type<{ title: string; description: string; name: string; footer: string }[]>().notNull(),
  /** The coach's Calendly scheduling page, for a clinic that books through Calendly. */
  calendlyLink: text('calendly_link'),
  isActive: boolean('is_active').notNull().default(true),
  position: smallint('position').notNull().default(0),
});

/** A patient's coach (SPEC §6: one per patient); choosing again replaces the row. */
export const coachAssignments = pgTable('coach_assignments', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  coachId: text('coach_id')
    .notNull()
    .references(() => coaches.id),
  relationship: text('relationship').notNull(),
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Coach calls (SPEC §3 Appointment). Two patients never hold one coach's slot: the partial unique index on
 * (coach, start) over calls not cancelled is what booking relies on, so the database, not a read-then-write, decides.
 */
export const coachAppointments = pgTable(
  'coach_appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    coachId: text('coach_id')
      .notNull()
      .references(() => coaches.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** booked, cancelled, completed. */
    status: text('status').notNull().default('booked'),
    attended: boolean('attended'),
    noShow: boolean('no_show').notNull().default(false),
    /** built-in or calendly: which scheduler made it. */
    source: text('source').notNull(),
    /** Calendly's invitee URI for a call booked there; one row per invitee. */
    externalId: text('external_id').unique(),
    /** What the scheduler knows of the event: Calendly's cancel and reschedule links, location, event type. */
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull().default({}),
    /** The call this one moved (a reschedule cancels the old one and books this in one transaction). */
    rescheduledFrom: uuid('rescheduled_from'),
    /** patient, coach-change, calendly, account-deleted. */
    cancelledBy: text('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coach_appointments_one_per_slot').on(table.coachId, table.startsAt).where(sql`${table.status} <> 'cancelled'`),
    index('coach_appointments_customer').on(table.customerId, table.startsAt),
  ],
);
