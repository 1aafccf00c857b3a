import { describe, expect, it } from 'vitest';
import { canChangeCoachCall, formatCallTime, freeCoachSlots, isFreeCoachSlot, slotsByDay } from './slots';
import { appointmentIcs } from './appointment';
import { cardSpecialisms } from './coach';

const iso = (slots: { start: Date }[]) => slots.map((slot) => slot.start.toISOString());
const MONDAY_MORNING = [{ day_of_week: 1, time_start: '09:00', time_end: '10:00' }];

describe('freeCoachSlots', () => {
  it('lays 20-minute slots from each weekly window, in UK time, for the next 14 days', () => {
    // Tuesday 17 Nov 2026, GMT: the next two Mondays are 23 and 30 Nov.
    const slots = freeCoachSlots(MONDAY_MORNING, [], new Date('2026-11-17T12:00:00Z'));
    expect(iso(slots)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:20:00.000Z',
      '2026-11-23T09:40:00.000Z',
      '2026-11-30T09:00:00.000Z',
      '2026-11-30T09:20:00.000Z',
      '2026-11-30T09:40:00.000Z',
    ]);
    expect(slots[0]!.end.toISOString()).toBe('2026-11-23T09:20:00.000Z');
    expect(slots[0]!.date).toBe('2026-11-23');
  });

  it('never offers a slot that does not fit before the window ends', () => {
    const slots = freeCoachSlots([{ day_of_week: 1, time_start: '09:00', time_end: '09:50' }], [], new Date('2026-11-17T12:00:00Z'));
    expect(iso(slots).filter((start) => start.startsWith('2026-11-23'))).toEqual(['2026-11-23T09:00:00.000Z', '2026-11-23T09:20:00.000Z']);
  });

  it('stops at 14 days: a Monday 14 days on is not offered', () => {
    // Monday 16 Nov: today counts, so 30 Nov (day 15) is out.
    const slots = freeCoachSlots(MONDAY_MORNING, [], new Date('2026-11-16T06:00:00Z'));
    expect([...new Set(slots.map((slot) => slot.date))]).toEqual(['2026-11-16', '2026-11-23']);
  });

  it('leaves out booked slots', () => {
    const slots = freeCoachSlots(MONDAY_MORNING, [new Date('2026-11-23T09:20:00Z')], new Date('2026-11-17T12:00:00Z'));
    expect(iso(slots)).not.toContain('2026-11-23T09:20:00.000Z');
    expect(slots).toHaveLength(5);
  });

  it('leaves out slots that have started, and one starting this instant', () => {
    const slots = freeCoachSlots(MONDAY_MORNING, [], new Date('2026-11-16T09:20:00Z'));
    expect(iso(slots).filter((start) => start.startsWith('2026-11-16'))).toEqual(['2026-11-16T09:40:00.000Z']);
  });

  it('keeps UK wall-clock times across the autumn change (BST to GMT)', () => {
    // Friday 23 Oct is BST (09:00 UK = 08:00 UTC); Monday 26 Oct is GMT (09:00 UK = 09:00 UTC).
    const availability = [
      { day_of_week: 5, time_start: '09:00', time_end: '09:20' },
      { day_of_week: 1, time_start: '09:00', time_end: '09:20' },
    ];
    const slots = freeCoachSlots(availability, [], new Date('2026-10-22T12:00:00Z'), 5);
    expect(iso(slots)).toEqual(['2026-10-23T08:00:00.000Z', '2026-10-26T09:00:00.000Z']);
  });

  it('keeps UK wall-clock times across the spring change (GMT to BST)', () => {
    // Friday 27 Mar 2026 is GMT; Monday 30 Mar is BST.
    const availability = [
      { day_of_week: 5, time_start: '09:00', time_end: '09:20' },
      { day_of_week: 1, time_start: '09:00', time_end: '09:20' },
    ];
    const slots = freeCoachSlots(availability, [], new Date('2026-03-26T12:00:00Z'), 5);
    expect(iso(slots)).toEqual(['2026-03-27T09:00:00.000Z', '2026-03-30T08:00:00.000Z']);
  });

  it('does not offer the hour the spring change skips', () => {
    const night = [{ day_of_week: 0, time_start: '00:40', time_end: '02:20' }];
    const slots = freeCoachSlots(night, [], new Date('2026-03-28T12:00:00Z'), 2);
    // 00:40 GMT, then 02:00 BST: 01:00–01:59 does not happen on 29 Mar 2026.
    expect(iso(slots)).toEqual(['2026-03-29T00:40:00.000Z', '2026-03-29T01:00:00.000Z']);
  });

  it('offers the hour the autumn change repeats once', () => {
    const night = [{ day_of_week: 0, time_start: '00:40', time_end: '02:20' }];
    const slots = freeCoachSlots(night, [], new Date('2026-10-24T12:00:00Z'), 2);
    expect(iso(slots)).toEqual(['2026-10-24T23:40:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T00:20:00.000Z', '2026-10-25T00:40:00.000Z', '2026-10-25T02:00:00.000Z']);
    expect(new Set(iso(slots)).size).toBe(slots.length);
  });

  it('groups slots by UK day', () => {
    const days = slotsByDay(freeCoachSlots(MONDAY_MORNING, [], new Date('2026-11-17T12:00:00Z')));
    expect(days.map((day) => [day.date, day.slots.length])).toEqual([
      ['2026-11-23', 3],
      ['2026-11-30', 3],
    ]);
  });

  it('knows a made-up time is not a free slot', () => {
    const now = new Date('2026-11-17T12:00:00Z');
    expect(isFreeCoachSlot(MONDAY_MORNING, [], now, new Date('2026-11-23T09:20:00Z'))).toBe(true);
    expect(isFreeCoachSlot(MONDAY_MORNING, [], now, new Date('2026-11-23T09:10:00Z'))).toBe(false);
  });
});

describe('canChangeCoachCall', () => {
  const start = new Date('2026-11-23T09:00:00Z');
  it('allows a change up to exactly 2 hours before', () => {
    expect(canChangeCoachCall(start, new Date('2026-11-23T06:59:59Z'))).toBe(true);
    expect(canChangeCoachCall(start, new Date('2026-11-23T07:00:00Z'))).toBe(true);
  });
  it('refuses one later than that', () => {
    expect(canChangeCoachCall(start, new Date('2026-11-23T07:00:01Z'))).toBe(false);
    expect(canChangeCoachCall(start, new Date('2026-11-23T09:30:00Z'))).toBe(false);
  });
});

describe('coach cards and calendar files', () => {
  it('shows the first three specialisms', () => {
    expect(cardSpecialisms({ specialism: ['a', 'b', 'c', 'd'] })).toEqual(['a', 'b', 'c']);
  });
  it('writes an iCalendar event in UTC', () => {
    const ics = appointmentIcs(
      { id: 'abc', name: 'Call with Amara, your coach', time_start: '2026-11-23T09:00:00.000Z', time_end: '2026-11-23T09:20:00.000Z', details: 'Phone call; we call you' },
      'Elmwood Health',
      new Date('2026-11-17T12:00:00Z'),
    );
    expect(ics).toContain('DTSTART:20261123T090000Z\r\n');
    expect(ics).toContain('DTEND:20261123T092000Z\r\n');
    expect(ics).toContain('SUMMARY:Call with Amara\\, your coach\r\n');
    expect(ics).toContain('DESCRIPTION:Phone call\\; we call you\r\n');
  });
});

describe('formatCallTime', () => {
  it('reads in UK time, in BST and GMT', () => {
    expect(formatCallTime('2026-11-23T09:20:00Z')).toBe('Monday 23 November 2026 at 09:20');
    expect(formatCallTime('2026-07-06T08:00:00Z')).toBe('Monday 6 July 2026 at 09:00');
  });
});
