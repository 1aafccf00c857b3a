import { describe, expect, it } from 'vitest';
import { compose, type MessageContext } from './messages';

const context: MessageContext = { brandName: 'Elmwood Health', firstName: 'Sam', url: (path) => `https://shop.test${path}` };

describe('renewal-coming', () => {
  it('names the amount the saved card will be charged', () => {
    const message = compose({ template: 'renewal-coming', data: { subscriptionId: 's1', chargeDate: '2027-03-31', amount: 14900 } }, context);
    expect(message.preview).toBe('We will charge £149.00 on 31 March 2027.');
    expect(message.short).toContain('we will charge £149.00 on 31 March 2027');
  });

  it('says the referral credit covers a renewal it pays in full, never "charge £0.00"', () => {
    const message = compose({ template: 'renewal-coming', data: { subscriptionId: 's1', chargeDate: '2027-03-31', amount: 0 } }, context);
    expect(message.preview).toBe('Your referral credit covers it.');
    expect(message.short).toContain('your referral credit covers your next delivery');
    expect(`${message.preview} ${message.short}`).not.toContain('£0.00');
  });
});
