import { describe, expect, it } from 'vitest';
import { decisionResult } from './format';

describe('decisionResult', () => {
  it('says what the decision did', () => {
    expect(decisionResult({ orderNumber: 'EH-1', state: 'approved', paymentState: 'captured', changed: true })).toBe('Done. The order is now approved.');
    expect(decisionResult({ orderNumber: 'EH-1', state: 'rejected', paymentState: 'voided', changed: false })).toBe('Nothing changed: the order is already rejected.');
  });

  it('says the money moves by itself when the payment provider has not answered yet', () => {
    expect(decisionResult({ orderNumber: 'EH-1', state: 'approved', paymentState: 'authorised', changed: true })).toBe(
      'Done. The order is now approved. The payment provider has not answered yet: the payment will be taken automatically.',
    );
    expect(decisionResult({ orderNumber: 'EH-1', state: 'cancelled', paymentState: 'authorised', changed: true })).toBe(
      'Done. The order is now cancelled. The payment provider has not answered yet: the money held will be released automatically.',
    );
  });
});
