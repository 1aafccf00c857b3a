import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { render } from '@react-email/render';
import { CHECK_IN_RULES } from '@elmwood/domain';
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

describe('check-in-outcome', () => {
  it.each([
    ['a held supply', { ruleIds: [CHECK_IN_RULES.possibleGallbladderDisease.id], supplyStopped: true, contactBy: '2026-11-29T10:00:00.000Z' }],
    ['counselling alone', { ruleIds: [CHECK_IN_RULES.tirzepatideOralContraceptive.id], supplyStopped: false }],
  ])('links the MHRA Yellow Card scheme (%s)', async (_case, data) => {
    const message = compose({ template: 'check-in-outcome', data }, context);
    const html = await render(message.body as ReactElement);
    expect(html).toContain('href="https://yellowcard.mhra.gov.uk/"');
    expect(await render(message.body as ReactElement, { plainText: true })).toContain('MHRA Yellow Card scheme');
  });

  it('promises a call only when one is booked', () => {
    expect(compose({ template: 'check-in-outcome', data: { ruleIds: [CHECK_IN_RULES.tirzepatideOralContraceptive.id], supplyStopped: false } }, context).preview).toBe('Please read this now.');
    expect(compose({ template: 'check-in-outcome', data: { ruleIds: [CHECK_IN_RULES.hypoglycaemiaRisk.id], supplyStopped: false, contactBy: '2026-11-29T10:00:00.000Z' } }, context).preview).toMatch(
      /^One of our prescribers will phone you by /,
    );
  });
});
