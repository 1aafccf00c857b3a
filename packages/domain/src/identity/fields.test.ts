import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nameConfirmationSchema, termsAgreementSchema } from './consent';
import { emailSchema } from './email';
import { NAME_TOO_LONG_MESSAGE, PERSON_NAME_MAX_LENGTH, personNameSchema } from './name';
import { loginPasswordSchema, newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE, resetPasswordSchema } from './password';
import { PHONE_NUMBER_MAX_LENGTH, PHONE_NUMBER_TOO_LONG_MESSAGE, phoneNumberSchema } from './phone';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('email', () => {
  it.each([
    [' patient@example.co.uk ', 'patient@example.co.uk'],
    ['first.last+tag@mail.example.com', 'first.last+tag@mail.example.com'],
  ])('accepts and trims %j', (raw, expected) => {
    expect(emailSchema.parse(raw)).toBe(expected);
  });
  it.each([[''], ['   '], ['patient'], ['patient@example'], ['patient@example.c'], ['pat ient@example.com'], ['@example.com'], ['patient@.com'], [undefined], [42]])(
    'rejects %j with "Invalid email"',
    (raw) => {
      expect(messages(emailSchema, raw)).toEqual(['Invalid email']);
    },
  );
});

describe('person name', () => {
  it.each([
    ['Jo', 'Jo'],
    ['  Jo  ', 'Jo'],
    ['A.', 'A.'],
    ['Mary   Ann', 'Mary Ann'],
    ['Mary\tAnn', 'Mary Ann'],
  ])('accepts %j as %j', (raw, expected) => {
    expect(personNameSchema.parse(raw)).toBe(expected);
  });
  it.each([[''], ['J'], ['  J  '], ['   '], [undefined], [null]])('rejects %j with "Required"', (raw) => {
    expect(messages(personNameSchema, raw)).toEqual(['Required']);
  });
});

describe('phone number', () => {
  it.each([
    ['123456789', '123456789'],
    [' 07700 900123 ', '07700 900123'],
  ])('accepts %j', (raw, expected) => {
    expect(phoneNumberSchema.parse(raw)).toBe(expected);
  });
  it.each([[''], ['12345678'], ['  12345678  '], [undefined]])('rejects %j with "Required"', (raw) => {
    expect(messages(phoneNumberSchema, raw)).toEqual(['Required']);
  });
});

describe('new password (signup and reset)', () => {
  it('needs 8 characters after stripping outer whitespace', () => {
    expect(newPasswordSchema.parse('12345678')).toBe('12345678');
    expect(newPasswordSchema.parse('  12345678  ')).toBe('12345678');
    expect(newPasswordSchema.parse('pass word')).toBe('pass word');
    expect(messages(newPasswordSchema, '1234567')).toEqual(['Your password must be at least 8 characters long.']);
    expect(messages(newPasswordSchema, ' 1234567 ')).toEqual(['Your password must be at least 8 characters long.']);
    expect(messages(newPasswordSchema, 'a')).toEqual(['Your password must be at least 8 characters long.']);
  });
  it('is required', () => {
    expect(messages(newPasswordSchema, '')).toEqual(['Required']);
    expect(messages(newPasswordSchema, '        ')).toEqual(['Required']);
    expect(messages(newPasswordSchema, undefined)).toEqual(['Required']);
  });
});

describe('login password', () => {
  it('only needs something', () => {
    expect(loginPasswordSchema.parse('x')).toBe('x');
    expect(loginPasswordSchema.parse(' secret1 ')).toBe('secret1');
    expect(messages(loginPasswordSchema, '')).toEqual(['Required']);
    expect(messages(loginPasswordSchema, '  ')).toEqual(['Required']);
    expect(messages(loginPasswordSchema, undefined)).toEqual(['Required']);
  });
});

describe('reset password form', () => {
  it('passes when both match', () => {
    expect(resetPasswordSchema.parse({ password: 'password1', confirmPassword: ' password1 ' })).toEqual({
      password: 'password1',
      confirmPassword: 'password1',
    });
  });
  it('puts a mismatch on the confirm field', () => {
    const issues = resetPasswordSchema.safeParse({ password: 'password1', confirmPassword: 'password2' }).error?.issues;
    expect(issues?.map((issue) => [issue.path, issue.message])).toEqual([
      [['confirmPassword'], 'Passwords do not match'],
    ]);
  });
  it('reports a short password and the mismatch together', () => {
    const issues = resetPasswordSchema.safeParse({ password: 'short', confirmPassword: '' }).error?.issues;
    expect(issues?.map((issue) => [issue.path, issue.message])).toEqual([
      [['password'], 'Your password must be at least 8 characters long.'],
      [['confirmPassword'], 'Passwords do not match'],
    ]);
  });
});

describe('tick boxes', () => {
  it('terms must be agreed', () => {
    expect(termsAgreementSchema.parse(true)).toBe(true);
    expect(messages(termsAgreementSchema, false)).toEqual(['Required']);
    expect(messages(termsAgreementSchema, undefined)).toEqual(['Required']);
  });
  it('name confirmation must be ticked', () => {
    expect(nameConfirmationSchema.parse(true)).toBe(true);
    expect(messages(nameConfirmationSchema, false)).toEqual(['Please confirm to proceed']);
    expect(messages(nameConfirmationSchema, undefined)).toEqual(['Please confirm to proceed']);
  });
});

describe('maximum lengths', () => {
  it('caps names, phones, emails and passwords with their own messages', () => {
    expect(messages(personNameSchema, 'A'.repeat(PERSON_NAME_MAX_LENGTH + 1))).toEqual([NAME_TOO_LONG_MESSAGE]);
    expect(personNameSchema.parse(` ${'A'.repeat(PERSON_NAME_MAX_LENGTH)} `)).toHaveLength(PERSON_NAME_MAX_LENGTH);
    expect(messages(phoneNumberSchema, '0'.repeat(PHONE_NUMBER_MAX_LENGTH + 1))).toEqual([PHONE_NUMBER_TOO_LONG_MESSAGE]);
    expect(messages(emailSchema, `${'a'.repeat(250)}@example.com`)).toEqual(['Invalid email']);
    expect(messages(newPasswordSchema, 'p'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual([PASSWORD_TOO_LONG_MESSAGE]);
    expect(messages(loginPasswordSchema, 'p'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual([PASSWORD_TOO_LONG_MESSAGE]);
    expect(newPasswordSchema.parse('p'.repeat(PASSWORD_MAX_LENGTH))).toHaveLength(PASSWORD_MAX_LENGTH);
  });
});
