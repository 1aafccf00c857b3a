import { describe, expect, it } from 'vitest';
import { maskRecipient, stuckBefore } from './stuck';

describe('stuck messages', () => {
  it('masks an email to its first letter and domain, a number to its last three digits', () => {
    expect(maskRecipient('jo.reed@example.com', 'email')).toBe('j•••@example.com');
    expect(maskRecipient('+447700900123', 'sms')).toBe('•••• 123');
    expect(maskRecipient('+447700900123', 'whatsapp')).toBe('•••• 123');
    expect(maskRecipient('deleted', 'email')).toBe('•••');
    expect(maskRecipient('12', 'sms')).toBe('•••');
  });

  it('counts a message as stuck from 15 minutes after its claim', () => {
    expect(stuckBefore(new Date('2026-11-24T12:15:00Z'))).toEqual(new Date('2026-11-24T12:00:00Z'));
  });
});
