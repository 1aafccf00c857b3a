import { describe, expect, it } from 'vitest';
import { signupLimitMessage, waitText } from './signup-limit';

describe('how long a refused sign-up waits', () => {
  it.each([
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [25 * 60 - 30, '25 minutes'],
    [60 * 60, '1 hour'],
    [65 * 60, '1 hour 5 minutes'],
    [2 * 60 * 60 + 60, '2 hours 1 minute'],
  ])('%i seconds read "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });

  it('says the wait and the ways in that stay open', () => {
    expect(signupLimitMessage(1500)).toBe(
      'We cannot open another account from here just now. Please try again in 25 minutes. If you already have an account, log in, or continue with Google or Apple.',
    );
  });
});
