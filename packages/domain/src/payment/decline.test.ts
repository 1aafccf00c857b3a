import { describe, expect, it } from 'vitest';
import { DECLINE_MESSAGES, DECLINE_REASONS, declineMessage, declineReasonOf } from './decline';

describe('declineReasonOf', () => {
  it.each([
    ['Declined - Do Not Honour', 'bank_declined'],
    ['Insufficient Funds', 'insufficient_funds'],
    ['Activity amount limit exceeded', 'insufficient_funds'],
    ['Expired Card', 'expired_card'],
    ['Invalid Card Number', 'card_details'],
    ['Bad Track Data (invalid CVV and/or expiry date)', 'card_details'],
    ['Declined - 3-D Secure authentication failed', 'authentication_failed'],
    ['The PayPal payment was cancelled', 'paypal_cancelled'],
    ['Issuer unavailable', 'bank_unavailable'],
    ['The saved card can no longer be used', 'saved_card_unusable'],
    ['Restricted Card', 'bank_declined'],
    ['', 'bank_declined'],
  ] as const)("reads the gateway's '%s' as %s", (text, reason) => {
    expect(declineReasonOf(text)).toBe(reason);
  });
});

describe('declineMessage', () => {
  it('says what happened and what to do, in plain English, never the gateway’s words', () => {
    for (const reason of DECLINE_REASONS) {
      const message = declineMessage(reason);
      expect(message).toBe(DECLINE_MESSAGES[reason]);
      expect(message).toMatch(/Please /);
      expect(message).not.toMatch(/Declined -|Do Not Honour|\(/);
    }
  });

  it('answers the unexplained decline for a reason it does not know', () => {
    expect(declineMessage('Declined - Do Not Honour')).toBe(DECLINE_MESSAGES.bank_declined);
    expect(declineMessage(undefined)).toBe(DECLINE_MESSAGES.bank_declined);
  });
});
