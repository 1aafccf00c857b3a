import { describe, expect, it } from 'vitest';
import { awaitsReply, ORDER_MESSAGE_MESSAGES, orderMessageBodySchema } from './order-messages';

describe('the conversation on an order', () => {
  it('waits for a reply only after a free message from the patient', () => {
    expect(awaitsReply([])).toBe(false);
    expect(awaitsReply([{ from: 'prescriber', kind: 'message' }])).toBe(false);
    expect(awaitsReply([{ from: 'prescriber', kind: 'message' }, { from: 'patient', kind: 'message' }])).toBe(true);
    // An answer to a question goes back to the review queue instead.
    expect(awaitsReply([{ from: 'prescriber', kind: 'question' }, { from: 'patient', kind: 'answer' }])).toBe(false);
  });

  it('takes a message trimmed, refusing an empty or overlong one with words the patient can act on', () => {
    expect(orderMessageBodySchema.parse({ message: '  Hello  ' })).toEqual({ message: 'Hello' });
    expect(orderMessageBodySchema.safeParse({ message: '   ' }).error?.issues[0]?.message).toBe(ORDER_MESSAGE_MESSAGES.required);
    expect(orderMessageBodySchema.safeParse({ message: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(ORDER_MESSAGE_MESSAGES.tooLong);
  });
});
