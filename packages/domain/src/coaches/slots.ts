import { addDays, dayOfWeek, type IsoDate } from '../delivery/calendar-date';
import { ukCalendarDate, ukWallClock } from '../delivery/uk-clock';
import { ukInstant } from '../reminders/reminders';
import { formatLongDate } from '../account/next-delivery';
import { COACH_BOOKING_DAYS, COACH_CALL_MINUTES, COACH_CHANGE_CUTOFF_MINUTES, type CoachAvailability } from './coach';

export interface CoachSlot {
  /** UTC instants; the screen shows them in UK time. */
  start: Date;
  end: Date;
  /** The UK calendar date the call starts on. */
  date: IsoDate;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The free calls a coach (or a prescriber, with `callMinutes` of their own) offers: 20-minute slots laid from the start of each weekly window (UK wall-clock time, so a
 * 09:00 start is 09:00 in the UK in both GMT and BST), on the UK dates from today for 14 days, leaving out any that
 * have started and any already booked (by start instant). A wall-clock time the spring change skips is not offered;
 * one the autumn change repeats is offered once.
 */
export function freeCoachSlots(availability: readonly CoachAvailability[], booked: readonly Date[], now: Date, days = COACH_BOOKING_DAYS, callMinutes = COACH_CALL_MINUTES): CoachSlot[] {
  const taken = new Set(booked.map((instant) => instant.getTime()));
  const seen = new Set<number>();
  const today = ukCalendarDate(now);
  const slots: CoachSlot[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(today, offset);
    const weekday = dayOfWeek(date);
    for (const window of availability.filter((entry) => entry.day_of_week === weekday)) {
      const end = minutesOf(window.time_end);
      for (let minutes = minutesOf(window.time_start); minutes + callMinutes <= end; minutes += callMinutes) {
        const start = ukInstant(date, minutes);
        const wall = ukWallClock(start);
        if (wall.date !== date || wall.minutes !== minutes) continue;
        const time = start.getTime();
        if (time <= now.getTime() || taken.has(time) || seen.has(time)) continue;
        seen.add(time);
        slots.push({ start, end: new Date(time + callMinutes * 60_000), date });
      }
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Whether `start` is one of the coach's free slots now (what booking checks, so a made-up time is refused). */
export function isFreeCoachSlot(availability: readonly CoachAvailability[], booked: readonly Date[], now: Date, start: Date): boolean {
  return freeCoachSlots(availability, booked, now).some((slot) => slot.start.getTime() === start.getTime());
}

/** The patient may cancel or move a call up to 2 hours before it starts (exactly 2 hours before still counts). */
export function canChangeCoachCall(start: Date, now: Date): boolean {
  return now.getTime() <= start.getTime() - COACH_CHANGE_CUTOFF_MINUTES * 60_000;
}

/** The days that have at least one free slot, in order, each with its slots (the booking page's day then time). */
export function slotsByDay(slots: readonly CoachSlot[]): { date: IsoDate; slots: CoachSlot[] }[] {
  const days = new Map<IsoDate, CoachSlot[]>();
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return [...days.entries()].map(([date, daySlots]) => ({ date, slots: daySlots }));
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '09:20', the UK wall-clock time of an instant. */
export function ukTimeOfDay(instant: Date): string {
  const { minutes } = ukWallClock(instant);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 'Monday 23 November 2026', a UK calendar date as the booking page lists days. */
export function formatCallDay(date: IsoDate): string {
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${formatLongDate(date)}`;
}

/** 'Monday 23 November 2026 at 09:20' in UK time: how a call's time reads on screen and in messages. */
export function formatCallTime(instant: Date | string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const date = ukCalendarDate(at);
  return `${formatCallDay(date)} at ${ukTimeOfDay(at)}`;
}
