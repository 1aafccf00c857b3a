import { describe, expect, it } from 'vitest';
import { auditActionText, auditDetailsText, auditLogFilterSchema } from './audit-log';

describe('the audit log in words', () => {
  it('names each action, and one not listed by its spaced name', () => {
    expect(auditActionText('read-answers')).toBe('Read the consultation answers');
    expect(auditActionText('request-information')).toBe('Asked the patient for information');
    expect(auditActionText('read-new-thing')).toBe('Read new thing');
  });

  it('words the details: reasons, carriers, amounts, photos, dates, yes and no', () => {
    expect(auditDetailsText({ reasonCode: 'bmi_not_eligible' })).toBe('Reason: BMI not eligible');
    expect(auditDetailsText({ carrier: 'royal-mail', trackingNumber: 'AB123456789GB' })).toBe('Carrier: Royal Mail · Tracking number: AB123456789GB');
    expect(auditDetailsText({ amount: 1250, reason: 'Damaged box' })).toBe('Amount: £12.50 · Reason: Damaged box');
    expect(auditDetailsText({ category: 'I' })).toBe('Photo: Photo ID');
    expect(auditDetailsText({ photoRequested: false })).toBe('Photo asked for: No');
    expect(auditDetailsText({ from: '2026-10-29T00:00:00.000Z', to: '2026-11-28' })).toBe('From: 29 Oct 2026 · To: 28 Nov 2026');
    expect(auditDetailsText({ messageId: 42 })).toBe('Message id: 42');
    expect(auditDetailsText(null)).toBe('');
  });

  it('filters by an order number typed in lower case with spaces', () => {
    expect(auditLogFilterSchema.parse({ orderNumber: 'eh 7kq4 m2xp' })).toEqual({ orderNumber: 'EH-7KQ4-M2XP' });
  });
});
