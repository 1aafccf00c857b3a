import { describe, expect, it } from 'vitest';
import { canChangeVideoConsultation, freeVideoSlots, signalFromBrowserSchema, videoCallOpen } from './video-consultation';

// Monday 23 November 2026, UK time = UTC (GMT).
const at = (iso: string) => new Date(iso);
const monday = (time_start: string, time_end: string) => [{ day_of_week: 1, time_start, time_end }];

describe('freeVideoSlots', () => {
  it('lays 15-minute times in each prescriber’s UK windows, each time once with who is free, booked and past ones left out', () => {
    const slots = freeVideoSlots(
      [
        { staffId: 1, availability: monday('09:00', '10:00'), booked: [at('2026-11-23T09:30:00Z')] },
        { staffId: 2, availability: monday('09:30', '10:00'), booked: [] },
      ],
      at('2026-11-23T09:10:00Z'),
    );
    const today = slots.filter((slot) => slot.date === '2026-11-23');
    expect(today.map((slot) => [slot.start.toISOString().slice(11, 16), slot.staffIds])).toEqual([
      ['09:15', [1]],
      ['09:30', [2]],
      ['09:45', [1, 2]],
    ]);
    expect(today[0]!.end.toISOString()).toBe('2026-11-23T09:30:00.000Z');
    // The next Monday too (14 days), nothing beyond.
    expect(slots.map((slot) => slot.date).filter((date, index, all) => all.indexOf(date) === index)).toEqual(['2026-11-23', '2026-11-30']);
  });

  it('keeps UK wall-clock times across the clocks going forward (BST: an hour earlier in UTC)', () => {
    const [first] = freeVideoSlots([{ staffId: 1, availability: monday('09:00', '09:15'), booked: [] }], at('2027-03-29T07:00:00Z'));
    expect(first!.start.toISOString()).toBe('2027-03-29T08:00:00.000Z');
  });
});

describe('changing and joining', () => {
  const start = at('2026-11-23T10:00:00Z');
  const end = at('2026-11-23T10:15:00Z');
  it('may be moved or cancelled up to an hour before, not after', () => {
    expect(canChangeVideoConsultation(start, at('2026-11-23T09:00:00Z'))).toBe(true);
    expect(canChangeVideoConsultation(start, at('2026-11-23T09:00:01Z'))).toBe(false);
  });
  it('opens 10 minutes before the start and closes 30 minutes after the end', () => {
    expect(videoCallOpen(start, end, at('2026-11-23T09:49:59Z'))).toBe(false);
    expect(videoCallOpen(start, end, at('2026-11-23T09:50:00Z'))).toBe(true);
    expect(videoCallOpen(start, end, at('2026-11-23T10:45:00Z'))).toBe(true);
    expect(videoCallOpen(start, end, at('2026-11-23T10:45:01Z'))).toBe(false);
  });
});

describe('signalling messages', () => {
  it('relays descriptions and candidates only, within their sizes', () => {
    expect(signalFromBrowserSchema.safeParse({ type: 'description', description: { type: 'offer', sdp: 'v=0' } }).success).toBe(true);
    expect(signalFromBrowserSchema.safeParse({ type: 'candidate', candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 } }).success).toBe(true);
    expect(signalFromBrowserSchema.safeParse({ type: 'description', description: { type: 'rollback', sdp: '' } }).success).toBe(false);
    expect(signalFromBrowserSchema.safeParse({ type: 'description', description: { type: 'offer', sdp: 'x'.repeat(100_001) } }).success).toBe(false);
    expect(signalFromBrowserSchema.safeParse({ type: 'chat', text: 'hello' }).success).toBe(false);
  });
});
