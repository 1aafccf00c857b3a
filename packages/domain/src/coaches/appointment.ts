import { z } from 'zod';

export const APPOINTMENT_STATUSES = ['booked', 'cancelled', 'completed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** SPEC §3 Appointment, as the shop API answers it: the card's fields and the record behind them. */
export const appointmentSchema = z.object({
  id: z.string(),
  img: z.string(),
  name: z.string(),
  /** The start, an ISO instant. */
  date: z.string(),
  /** 'past' once it has ended or was cancelled, else 'upcoming'. */
  type: z.enum(['past', 'upcoming']),
  attended: z.boolean().nullable(),
  details: z.string(),
  time_start: z.string(),
  time_end: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  no_show: z.boolean(),
  external_id: z.string().nullable(),
  /** Whether the patient may still cancel or move it (up to 2 hours before). */
  can_change: z.boolean(),
  doctor: z.object({ id: z.string(), firstname: z.string(), lastname: z.string(), channel: z.string() }),
  event_data: z.object({
    cancel_url: z.string(),
    reschedule_url: z.string(),
    location: z.string(),
    event_type: z.string(),
    invitee_id: z.string().nullable(),
  }),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const bookCallBodySchema = z.object({ coachId: z.string().min(1).max(64), start: z.iso.datetime({ offset: true }) });
export const rescheduleCallBodySchema = z.object({ start: z.iso.datetime({ offset: true }) });

export const coachSlotsReplySchema = z.object({
  coachId: z.string(),
  timeZone: z.literal('Europe/London'),
  days: z.array(z.object({ date: z.string(), slots: z.array(z.object({ start: z.string(), end: z.string() })) })),
});
export type CoachSlotsReply = z.infer<typeof coachSlotsReplySchema>;

export const APPOINTMENT_MESSAGES = {
  notFound: 'We could not find that appointment.',
  slotTaken: 'Sorry, that time has just been booked. Please choose another time.',
  slotUnavailable: 'That time is not available. Please choose another time.',
  tooLate: 'Calls can only be cancelled or moved up to 2 hours before they start. Please contact us instead.',
  noCoach: 'Please choose your coach first.',
  notYourCoach: 'You can only book calls with your own coach.',
  coachNotFound: 'We could not find that coach.',
} as const;

const icsTime = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/([,;])/g, '\\$1');

/** An iCalendar (RFC 5545) file for one call, for 'Add to calendar'. Times in UTC, so every calendar shows it right. */
export function appointmentIcs(appointment: Pick<Appointment, 'id' | 'name' | 'time_start' | 'time_end' | 'details'>, brandName: string, stamp: Date): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(brandName)}//Coach calls//EN`,
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${appointment.id}@coach-calls`,
    `DTSTAMP:${icsTime(stamp)}`,
    `DTSTART:${icsTime(new Date(appointment.time_start))}`,
    `DTEND:${icsTime(new Date(appointment.time_end))}`,
    `SUMMARY:${icsText(appointment.name)}`,
    `DESCRIPTION:${icsText(appointment.details)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
