import { describe, expect, it } from 'vitest';
import { SIGNUP_CODE_FORMAT_MESSAGE, signupCodeSchema } from './signup-code';

describe('signupCodeSchema', () => {
  it.each([
    ['123456', '123456'],
    ['000001', '000001'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
  ])('takes %j as %j', (typed, code) => {
    expect(signupCodeSchema.parse(typed)).toBe(code);
  });

  it.each([[''], ['12345'], ['1234567'], ['12345a'], ['１２３４５６'], [123456], [undefined], ['1'.repeat(33)]])('refuses %j with the format message', (typed) => {
    const parsed = signupCodeSchema.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.message)).toEqual([SIGNUP_CODE_FORMAT_MESSAGE]);
  });
});
