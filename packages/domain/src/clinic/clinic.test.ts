import { describe, expect, it } from 'vitest';
import { isValidRegistrationNumber, prescriberLabel } from './staff';
import { normaliseTrackingNumber, trackingUrl, validTrackingNumber } from './tracking';
import { REJECTION_REASONS, rejectionMessage, staffCancelOrderBodySchema, staffMayCancelOrder } from './decisions';

describe('Royal Mail tracked numbers: two letters, nine digits, GB', () => {
  it.each([
    ['AB123456789GB', 'AB123456789GB'],
    ['ab 123 456 789 gb', 'AB123456789GB'],
  ])('accepts %s', (input, expected) => expect(validTrackingNumber('royal-mail', input)).toBe(expected));
  it.each(['A1123456789GB', 'ABC12345678GB', 'AB12345678GB', 'AB1234567890GB', 'AB123456789GX', 'AB123456789', '123456789GB', '', '12345678901234'])(
    'refuses %s',
    (input) => expect(validTrackingNumber('royal-mail', input)).toBeNull(),
  );
});

describe('DPD numbers: fourteen digits', () => {
  it('accepts exactly fourteen digits, spaces ignored', () => {
    expect(validTrackingNumber('dpd', '12345678901234')).toBe('12345678901234');
    expect(validTrackingNumber('dpd', '1234 5678 9012 34')).toBe('12345678901234');
  });
  it.each(['1234567890123', '123456789012345', '1234567890123A', 'AB123456789GB', ''])('refuses %s', (input) => expect(validTrackingNumber('dpd', input)).toBeNull());
});

describe('tracking links', () => {
  it('point at each carrier with the number', () => {
    expect(trackingUrl('royal-mail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(trackingUrl('dpd', '12345678901234')).toBe('https://track.dpd.co.uk/parcels/12345678901234');
    expect(normaliseTrackingNumber(' ab1 ')).toBe('AB1');
  });
});

describe('prescriber registrations', () => {
  it('are seven digits with the GPhC or the GMC', () => {
    expect(isValidRegistrationNumber('GPhC', '2071234')).toBe(true);
    expect(isValidRegistrationNumber('GMC', '7012345')).toBe(true);
    expect(isValidRegistrationNumber('GMC', '701234')).toBe(false);
    expect(isValidRegistrationNumber('GMC', '70123456')).toBe(false);
    expect(isValidRegistrationNumber('GPhC', '207123A')).toBe(false);
    expect(isValidRegistrationNumber('NMC' as 'GMC', '7012345')).toBe(false);
    expect(prescriberLabel('Dr Ana Patel', 'GMC', '7012345')).toBe('Dr Ana Patel (GMC 7012345)');
  });
});

describe('rejection messages', () => {
  it('give the listed reason, then the note', () => {
    expect(rejectionMessage('bmi_not_eligible', '')).toBe(REJECTION_REASONS.bmi_not_eligible);
    expect(rejectionMessage('other', '  Please see your GP. ')).toBe(`${REJECTION_REASONS.other} Please see your GP.`);
  });
});

describe('a staff cancellation of an order', () => {
  it('is open to support and admin while the order is not yet decided, as the order lifecycle says', () => {
    expect(staffMayCancelOrder('support', 'in_review')).toBe(true);
    expect(staffMayCancelOrder('admin', 'awaiting_patient')).toBe(true);
    expect(staffMayCancelOrder('support', 'approved')).toBe(false);
    expect(staffMayCancelOrder('prescriber', 'in_review')).toBe(false);
    expect(staffMayCancelOrder('pharmacist', 'awaiting_patient')).toBe(false);
  });

  it('needs a reason of 3 to 500 characters once trimmed', () => {
    expect(staffCancelOrderBodySchema.parse({ reason: '  Asked by phone.  ' })).toEqual({ reason: 'Asked by phone.' });
    expect(staffCancelOrderBodySchema.safeParse({ reason: ' ab ' }).success).toBe(false);
    expect(staffCancelOrderBodySchema.safeParse({}).success).toBe(false);
    expect(staffCancelOrderBodySchema.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    expect(staffCancelOrderBodySchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
