import { describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE } from './messages';
import { changePasswordSchema, PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_DO_NOT_MATCH_MESSAGE } from './password';

const issues = (input: Record<string, string>) => {
  const result = changePasswordSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('changePasswordSchema', () => {
  it('accepts the current password and a new one of 8 or more characters, typed twice, trimmed', () => {
    expect(changePasswordSchema.parse({ currentPassword: 'old one', newPassword: ' 12345678 ', confirmPassword: '12345678' })).toEqual({
      currentPassword: 'old one',
      newPassword: '12345678',
      confirmPassword: '12345678',
    });
  });
  it('asks for the current password', () => {
    expect(issues({ currentPassword: ' ', newPassword: '12345678', confirmPassword: '12345678' })).toEqual([['currentPassword', REQUIRED_MESSAGE]]);
  });
  it('holds the new password to the signup rule at the 8-character boundary', () => {
    expect(issues({ currentPassword: 'old', newPassword: '1234567', confirmPassword: '1234567' })).toEqual([['newPassword', PASSWORD_TOO_SHORT_MESSAGE]]);
  });
  it('reports a mismatch on the confirmation', () => {
    expect(issues({ currentPassword: 'old', newPassword: '12345678', confirmPassword: '12345679' })).toEqual([['confirmPassword', PASSWORDS_DO_NOT_MATCH_MESSAGE]]);
  });
});
