import { describe, expect, it } from 'vitest';
import {
  deliveryEstimate,
  deliveryWindow,
  formatDeliveryDate,
  formatDeliveryWindow,
  ORDER_CUTOFF_MINUTES,
} from './estimate';

const at = (instant: string) => new Date(instant);

describe('the cut-off', () => {
  it('is 15:45, 945 minutes after UK midnight', () => {
    expect(ORDER_CUTOFF_MINUTES).toBe(945);
  });
});

describe('a whole week (November, GMT: UK time equals UTC)', () => {
  // [order instant, dispatch, standard window, express window]
  it.each([
    ['2026-11-16T10:00:00Z', 'Mon before', '2026-11-16', '17 Nov. - 18 Nov.', '17 Nov.'],
    ['2026-11-16T16:00:00Z', 'Mon after', '2026-11-17', '18 Nov. - 19 Nov.', '18 Nov.'],
    ['2026-11-17T10:00:00Z', 'Tue before', '2026-11-17', '18 Nov. - 19 Nov.', '18 Nov.'],
    ['2026-11-17T16:00:00Z', 'Tue after', '2026-11-18', '19 Nov. - 20 Nov.', '19 Nov.'],
    ['2026-11-18T10:00:00Z', 'Wed before', '2026-11-18', '19 Nov. - 20 Nov.', '19 Nov.'],
    ['2026-11-18T16:00:00Z', 'Wed after', '2026-11-19', '20 Nov. - 23 Nov.', '20 Nov.'],
    ['2026-11-19T10:00:00Z', 'Thu before', '2026-11-19', '20 Nov. - 23 Nov.', '20 Nov.'],
    ['2026-11-19T16:00:00Z', 'Thu after', '2026-11-20', '23 Nov. - 24 Nov.', '23 Nov.'],
    ['2026-11-20T10:00:00Z', 'Fri before', '2026-11-20', '23 Nov. - 24 Nov.', '23 Nov.'],
    ['2026-11-20T16:00:00Z', 'Fri after', '2026-11-23', '24 Nov. - 25 Nov.', '24 Nov.'],
    ['2026-11-21T10:00:00Z', 'Sat morning', '2026-11-23', '24 Nov. - 25 Nov.', '24 Nov.'],
    ['2026-11-21T16:00:00Z', 'Sat afternoon', '2026-11-23', '24 Nov. - 25 Nov.', '24 Nov.'],
    ['2026-11-22T10:00:00Z', 'Sun morning', '2026-11-23', '24 Nov. - 25 Nov.', '24 Nov.'],
    ['2026-11-22T16:00:00Z', 'Sun afternoon', '2026-11-23', '24 Nov. - 25 Nov.', '24 Nov.'],
    ['2026-11-22T23:59:00Z', 'Sun last minute', '2026-11-23', '24 Nov. - 25 Nov.', '24 Nov.'],
    ['2026-11-23T00:00:00Z', 'Mon first minute', '2026-11-23', '24 Nov. - 25 Nov.', '24 Nov.'],
  ])('%s (%s) dispatches %s, arrives %s, express %s', (instant, _label, dispatch, standard, express) => {
    expect(deliveryWindow(at(instant)).dispatch).toBe(dispatch);
    expect(deliveryEstimate(at(instant))).toBe(standard);
    expect(deliveryEstimate(at(instant), { express: true })).toBe(express);
  });
});

describe('the exact cut-off minute', () => {
  it.each([
    ['GMT 15:44:59', '2026-11-18T15:44:59Z', '2026-11-18'],
    ['GMT 15:45:00', '2026-11-18T15:45:00Z', '2026-11-19'],
    ['BST 15:44:59', '2026-07-15T14:44:59Z', '2026-07-15'],
    ['BST 15:45:00', '2026-07-15T14:45:00Z', '2026-07-16'],
  ])('%s', (_label, instant, dispatch) => {
    expect(deliveryWindow(at(instant)).dispatch).toBe(dispatch);
  });
});

describe('summer time', () => {
  it('reads 15:30 UTC in July as 16:30 BST, after the cut-off', () => {
    expect(deliveryWindow(at('2026-07-15T15:30:00Z'))).toEqual({
      dispatch: '2026-07-16',
      from: '2026-07-17',
      to: '2026-07-20',
    });
    expect(deliveryEstimate(at('2026-07-15T15:30:00Z'))).toBe('17 Jul. - 20 Jul.');
  });
  it('reads 15:30 UTC in November as 15:30 GMT, before the cut-off', () => {
    expect(deliveryEstimate(at('2026-11-18T15:30:00Z'))).toBe('19 Nov. - 20 Nov.');
  });
  it('counts 23:30 UTC on a summer Sunday as Monday morning', () => {
    expect(deliveryWindow(at('2026-07-12T23:30:00Z'))).toEqual({
      dispatch: '2026-07-13',
      from: '2026-07-14',
      to: '2026-07-15',
    });
  });
});

describe('clock-change weekends', () => {
  it.each([
    // Spring 2026: clocks go forward Sunday 29 March.
    ['Fri 27 Mar 15:44 GMT', '2026-03-27T15:44:00Z', '2026-03-27', '30 Mar. - 31 Mar.'],
    ['Fri 27 Mar 15:45 GMT', '2026-03-27T15:45:00Z', '2026-03-30', '31 Mar. - 01 Apr.'],
    ['Sun 29 Mar 00:59 GMT', '2026-03-29T00:59:00Z', '2026-03-30', '31 Mar. - 01 Apr.'],
    ['Sun 29 Mar 02:00 BST', '2026-03-29T01:00:00Z', '2026-03-30', '31 Mar. - 01 Apr.'],
    ['Mon 30 Mar 15:44 BST', '2026-03-30T14:44:00Z', '2026-03-30', '31 Mar. - 01 Apr.'],
    ['Mon 30 Mar 15:45 BST', '2026-03-30T14:45:00Z', '2026-03-31', '01 Apr. - 02 Apr.'],
    // Autumn 2026: clocks go back Sunday 25 October.
    ['Fri 23 Oct 15:44 BST', '2026-10-23T14:44:00Z', '2026-10-23', '26 Oct. - 27 Oct.'],
    ['Fri 23 Oct 15:45 BST', '2026-10-23T14:45:00Z', '2026-10-26', '27 Oct. - 28 Oct.'],
    ['Sun 25 Oct 01:30 GMT', '2026-10-25T01:30:00Z', '2026-10-26', '27 Oct. - 28 Oct.'],
    ['Mon 26 Oct 14:45 GMT', '2026-10-26T14:45:00Z', '2026-10-26', '27 Oct. - 28 Oct.'],
    ['Mon 26 Oct 15:45 GMT', '2026-10-26T15:45:00Z', '2026-10-27', '28 Oct. - 29 Oct.'],
    // Spring 2027 shares its weekend with Easter (Good Friday 26 March, Easter Monday 29 March).
    ['Thu 25 Mar 2027 15:44 GMT', '2027-03-25T15:44:00Z', '2027-03-25', '30 Mar. - 31 Mar.'],
    ['Thu 25 Mar 2027 15:45 GMT', '2027-03-25T15:45:00Z', '2027-03-30', '31 Mar. - 01 Apr.'],
    ['Tue 30 Mar 2027 15:44 BST', '2027-03-30T14:44:00Z', '2027-03-30', '31 Mar. - 01 Apr.'],
    // Autumn 2027: clocks go back Sunday 31 October.
    ['Fri 29 Oct 2027 15:45 BST', '2027-10-29T14:45:00Z', '2027-11-01', '02 Nov. - 03 Nov.'],
    ['Mon 1 Nov 2027 15:44 GMT', '2027-11-01T15:44:00Z', '2027-11-01', '02 Nov. - 03 Nov.'],
  ])('%s dispatches %s → %s', (_label, instant, dispatch, standard) => {
    expect(deliveryWindow(at(instant)).dispatch).toBe(dispatch);
    expect(deliveryEstimate(at(instant))).toBe(standard);
  });
});

describe('bank holidays', () => {
  it.each([
    ['Fri 28 Aug 2026 after: skips Mon 31 Aug', '2026-08-28T15:00:00Z', '2026-09-01', '02 Sep. - 03 Sep.'],
    ['Fri 28 Aug 2026 before: delivers from Tue', '2026-08-28T09:00:00Z', '2026-08-28', '01 Sep. - 02 Sep.'],
    ['Thu 2 Apr 2026 before: skips Easter', '2026-04-02T09:00:00Z', '2026-04-02', '07 Apr. - 08 Apr.'],
    ['Thu 2 Apr 2026 after: skips Easter', '2026-04-02T15:00:00Z', '2026-04-07', '08 Apr. - 09 Apr.'],
    ['Fri 22 May 2026 after: skips spring holiday', '2026-05-22T15:00:00Z', '2026-05-26', '27 May. - 28 May.'],
    ['Thu 24 Dec 2026 after: skips Christmas', '2026-12-24T16:00:00Z', '2026-12-29', '30 Dec. - 31 Dec.'],
    ['Thu 31 Dec 2026 after: skips New Year', '2026-12-31T16:00:00Z', '2027-01-04', '05 Jan. - 06 Jan.'],
    ['Fri 24 Dec 2027 after: skips both substitutes', '2027-12-24T16:00:00Z', '2027-12-29', '30 Dec. - 31 Dec.'],
    ['Thu 30 Dec 2027 after: skips 3 Jan 2028', '2027-12-30T16:00:00Z', '2027-12-31', '04 Jan. - 05 Jan.'],
  ])('%s', (_label, instant, dispatch, standard) => {
    expect(deliveryWindow(at(instant)).dispatch).toBe(dispatch);
    expect(deliveryEstimate(at(instant))).toBe(standard);
  });

  it('takes another holiday list', () => {
    expect(deliveryEstimate(at('2026-08-28T15:00:00Z'), { bankHolidays: [] })).toBe('01 Sep. - 02 Sep.');
    expect(deliveryEstimate(at('2026-11-18T10:00:00Z'), { bankHolidays: ['2026-11-19'] })).toBe('20 Nov. - 23 Nov.');
  });
});

describe('formatting', () => {
  it.each([
    ['2026-01-05', '05 Jan.'],
    ['2026-02-10', '10 Feb.'],
    ['2026-03-31', '31 Mar.'],
    ['2026-04-01', '01 Apr.'],
    ['2026-05-20', '20 May.'],
    ['2026-06-30', '30 Jun.'],
    ['2026-07-04', '04 Jul.'],
    ['2026-08-15', '15 Aug.'],
    ['2026-09-09', '09 Sep.'],
    ['2026-10-31', '31 Oct.'],
    ['2026-11-24', '24 Nov.'],
    ['2026-12-25', '25 Dec.'],
  ])('%s → %s', (date, expected) => {
    expect(formatDeliveryDate(date)).toBe(expected);
  });
  it('shows a window as DD MMM. - DD MMM., and a one-day window as one date', () => {
    expect(formatDeliveryWindow({ from: '2026-11-24', to: '2026-11-25' })).toBe('24 Nov. - 25 Nov.');
    expect(formatDeliveryWindow({ from: '2026-12-31', to: '2027-01-04' })).toBe('31 Dec. - 04 Jan.');
    expect(formatDeliveryWindow({ from: '2026-11-24', to: '2026-11-24' })).toBe('24 Nov.');
  });
  it('refuses what is not a date or an instant', () => {
    expect(() => formatDeliveryDate('2026-02-30')).toThrow(RangeError);
    expect(() => deliveryEstimate(new Date('nope'))).toThrow(RangeError);
  });
});
