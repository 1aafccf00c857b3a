import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, signupSchema, updateAccountSchema } from './signup';

const today = '2026-11-22';
const form = {
  firstName: ' Alex ',
  lastName: 'Smith',
  email: ' alex@example.com ',
  plainPassword: 'correct horse',
  phoneNumber: '07700 900123',
  birthday: '12/03/1990',
  agreeTermsAndPrivacy: true,
};
const errors = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

describe('signupSchema', () => {
  it('cleans the form into the signup payload', () => {
    expect(signupSchema({ today }).parse({ ...form, cartToken: 'tok_1', invitedBy: 'uid-9' })).toEqual({
      firstName: 'Alex',
      lastName: 'Smith',
      email: 'alex@example.com',
      plainPassword: 'correct horse',
      phoneNumber: '07700 900123',
      birthday: '1990-03-12',
      unlicensedProductDisclaimerAccepted: false,
      agreeTermsAndPrivacy: true,
      subscribedToNewsletter: false,
      cartToken: 'tok_1',
      invitedBy: 'uid-9',
    });
  });

  it('names every missing field with its message', () => {
    expect(errors(signupSchema({ today }).safeParse({}))).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      email: 'Invalid email',
      plainPassword: 'Required',
      phoneNumber: 'Required',
      birthday: 'Please enter your date of birth',
      agreeTermsAndPrivacy: 'Required',
    });
  });

  it('carries the birthday age rules', () => {
    expect(errors(signupSchema({ today }).safeParse({ ...form, birthday: '23/11/2008' }))).toEqual({
      birthday: 'You need to be over 18 in order to proceed',
    });
    expect(errors(signupSchema({ today, maxAge: 90 }).safeParse({ ...form, birthday: '22/11/1935' }))).toEqual({
      birthday: "If you've made it past 90, then you probably don't need our help",
    });
  });

  it('refuses unticked terms, with the experiment wording when given', () => {
    expect(errors(signupSchema({ today }).safeParse({ ...form, agreeTermsAndPrivacy: false }))).toEqual({
      agreeTermsAndPrivacy: 'Required',
    });
    const experiment = signupSchema({ today, termsMessage: 'Please agree to our updated terms' });
    expect(errors(experiment.safeParse({ ...form, agreeTermsAndPrivacy: false }))).toEqual({
      agreeTermsAndPrivacy: 'Please agree to our updated terms',
    });
  });

  it('requires the name confirmation only when asked to', () => {
    expect(signupSchema({ today }).safeParse(form).success).toBe(true);
    expect(signupSchema({ today }).parse({ ...form, nameConfirmation: false }).nameConfirmation).toBe(false);
    const flagged = signupSchema({ today, requireNameConfirmation: true });
    expect(errors(flagged.safeParse(form))).toEqual({ nameConfirmation: 'Please confirm to proceed' });
    expect(errors(flagged.safeParse({ ...form, nameConfirmation: false }))).toEqual({
      nameConfirmation: 'Please confirm to proceed',
    });
    expect(flagged.parse({ ...form, nameConfirmation: true }).nameConfirmation).toBe(true);
  });

  it('requires the unlicensed-product disclaimer only for unlicensed products', () => {
    const unlicensed = signupSchema({ today, requireUnlicensedDisclaimer: true });
    expect(errors(unlicensed.safeParse(form))).toEqual({ unlicensedProductDisclaimerAccepted: 'Required' });
    expect(unlicensed.parse({ ...form, unlicensedProductDisclaimerAccepted: true }).unlicensedProductDisclaimerAccepted).toBe(
      true,
    );
  });

  it('keeps a newsletter opt-in', () => {
    expect(signupSchema({ today }).parse({ ...form, subscribedToNewsletter: true }).subscribedToNewsletter).toBe(true);
  });
});

describe('loginSchema', () => {
  it('takes an email and any password', () => {
    expect(loginSchema.parse({ _username: ' alex@example.com ', _password: 'x' })).toEqual({
      _username: 'alex@example.com',
      _password: 'x',
    });
  });
  it('names both missing fields', () => {
    expect(errors(loginSchema.safeParse({ _username: 'alex', _password: '' }))).toEqual({
      _username: 'Invalid email',
      _password: 'Required',
    });
  });
});

describe('forgotPasswordSchema', () => {
  it('needs an email', () => {
    expect(errors(forgotPasswordSchema.safeParse({ email: 'nope' }))).toEqual({ email: 'Invalid email' });
  });
});

describe('signupSchema as the API reads it (birthday sent as YYYY-MM-DD)', () => {
  const api = signupSchema({ today, birthdayFormat: 'iso' });
  it('takes the sent birthday and keeps the age rules', () => {
    expect(api.parse({ ...form, birthday: '1990-03-12' }).birthday).toBe('1990-03-12');
    expect(errors(api.safeParse({ ...form, birthday: '2008-11-23' }))).toEqual({
      birthday: 'You need to be over 18 in order to proceed',
    });
  });

  it('requires the unlicensed-medicine acknowledgement only when asked to', () => {
    expect(updateAccountSchema({ today }).parse({})).toEqual({});
    const schema = updateAccountSchema({ today, requireUnlicensedDisclaimer: true });
    expect(errors(schema.safeParse({}))).toEqual({ unlicensedProductDisclaimerAccepted: 'Required' });
    expect(errors(schema.safeParse({ unlicensedProductDisclaimerAccepted: false }))).toEqual({ unlicensedProductDisclaimerAccepted: 'Required' });
    expect(schema.parse({ unlicensedProductDisclaimerAccepted: true })).toEqual({ unlicensedProductDisclaimerAccepted: true });
  });
});

describe('updateAccountSchema', () => {
  it('takes any of birthday, phone and disclaimer, each with its rule', () => {
    const schema = updateAccountSchema({ today });
    expect(schema.parse({ phoneNumber: ' 07700 900123 ' })).toEqual({ phoneNumber: '07700 900123' });
    expect(errors(schema.safeParse({ phoneNumber: '0770', birthday: '2010-01-01' }))).toEqual({
      phoneNumber: 'Required',
      birthday: 'You need to be over 18 in order to proceed',
    });
  });

  it('requires the unlicensed-medicine acknowledgement only when asked to', () => {
    expect(updateAccountSchema({ today }).parse({})).toEqual({});
    const schema = updateAccountSchema({ today, requireUnlicensedDisclaimer: true });
    expect(errors(schema.safeParse({}))).toEqual({ unlicensedProductDisclaimerAccepted: 'Required' });
    expect(errors(schema.safeParse({ unlicensedProductDisclaimerAccepted: false }))).toEqual({ unlicensedProductDisclaimerAccepted: 'Required' });
    expect(schema.parse({ unlicensedProductDisclaimerAccepted: true })).toEqual({ unlicensedProductDisclaimerAccepted: true });
  });
});
