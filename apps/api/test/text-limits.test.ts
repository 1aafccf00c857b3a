import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GP_TEXT_MAX_LENGTH,
  NAME_TOO_LONG_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PERSON_NAME_MAX_LENGTH,
  PHONE_NUMBER_MAX_LENGTH,
  PHONE_NUMBER_TOO_LONG_MESSAGE,
} from '@elmwood/domain';
import { createTestContext, type TestContext } from './support/app';
import { signedInPatient, signedUpReply, signupBody } from './support/patients';

/* Free text has a ceiling before it reaches the database or the password hash: a 500 KB first name and a 900 KB
 * password were once stored. Each case is refused with a 400 naming the field, and nothing is written. */
let ctx: TestContext;
let patient: string;
beforeAll(async () => {
  ctx = await createTestContext();
  patient = await signedInPatient(ctx.app);
});
afterAll(() => ctx.close());

const issuesOf = (reply: { json(): unknown }) => (reply.json() as { details: { issues: { field: string; message: string }[] } }).details.issues;
const address = { firstName: 'Alex', lastName: 'Smith', company: '1 Mill Road', city: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '07700900123' };

describe('maximum lengths of free text', () => {
  it('refuses a huge first name or password at signup and stores no account', async () => {
    const hugeName = await ctx.app.inject({ method: 'POST', url: '/shop-api/register', payload: signupBody({ email: 'long-name@example.com', firstName: 'A'.repeat(500_000) }) });
    expect(hugeName.statusCode).toBe(400);
    expect(issuesOf(hugeName)).toContainEqual({ field: 'body.firstName', message: NAME_TOO_LONG_MESSAGE });

    const hugePassword = await ctx.app.inject({ method: 'POST', url: '/shop-api/register', payload: signupBody({ email: 'long-pw@example.com', plainPassword: 'p'.repeat(900_000) }) });
    expect(hugePassword.statusCode).toBe(400);
    expect(issuesOf(hugePassword)).toContainEqual({ field: 'body.plainPassword', message: PASSWORD_TOO_LONG_MESSAGE });

    for (const email of ['long-name@example.com', 'long-pw@example.com']) {
      const login = await ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: email, _password: 'long enough pw' } });
      expect(login.statusCode).toBe(401);
    }
  });

  it('takes a name and password right at the limit', async () => {
    const reply = await signedUpReply(ctx.app, signupBody({ firstName: 'A'.repeat(PERSON_NAME_MAX_LENGTH), plainPassword: 'p'.repeat(PASSWORD_MAX_LENGTH) }));
    expect(reply.json().firstName).toHaveLength(PERSON_NAME_MAX_LENGTH);
  });

  it('refuses an over-long password at login and at reset before hashing it', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: 'a@example.com', _password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) } });
    expect(login.statusCode).toBe(400);
    expect(issuesOf(login)).toContainEqual({ field: 'body._password', message: PASSWORD_TOO_LONG_MESSAGE });
    const reset = await ctx.app.inject({ method: 'PUT', url: '/shop-api/reset-password/some-token', payload: { password: 'p'.repeat(900_000) } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });

  it('refuses an over-long phone number on PUT /me and keeps the old one', async () => {
    const reply = await ctx.app.inject({ method: 'PUT', url: '/shop-api/me', headers: { cookie: patient }, payload: { phoneNumber: '0'.repeat(PHONE_NUMBER_MAX_LENGTH + 1) } });
    expect(reply.statusCode).toBe(400);
    expect(issuesOf(reply)).toContainEqual({ field: 'body.phoneNumber', message: PHONE_NUMBER_TOO_LONG_MESSAGE });
    expect((await ctx.app.inject({ url: '/shop-api/me', headers: { cookie: patient } })).json().phoneNumber).toBe('07700900123');
  });

  it('refuses over-long names and phones in the address book', async () => {
    const name = await ctx.app.inject({ method: 'POST', url: '/shop-api/address-book', headers: { cookie: patient }, payload: { ...address, lastName: 'S'.repeat(500_000) } });
    expect(name.statusCode).toBe(400);
    expect(issuesOf(name)).toContainEqual({ field: 'body.lastName', message: NAME_TOO_LONG_MESSAGE });
    const phone = await ctx.app.inject({ method: 'POST', url: '/shop-api/address-book', headers: { cookie: patient }, payload: { ...address, phoneNumber: '7'.repeat(5000) } });
    expect(phone.statusCode).toBe(400);
    expect(issuesOf(phone)).toContainEqual({ field: 'body.phoneNumber', message: PHONE_NUMBER_TOO_LONG_MESSAGE });
    expect((await ctx.app.inject({ url: '/shop-api/address-book', headers: { cookie: patient } })).json()).toEqual([]);
  });

  it("refuses an over-long GP practice name or address, and the GP task stays open for a correct one", async () => {
    const practice = { consentGiven: true, practiceName: 'Riverside Surgery', addressLine1: '1 Mill Road', cityOrTown: 'Leeds', postCode: 'LS1 4AP' };
    const submit = (payload: object) => ctx.app.inject({ method: 'POST', url: '/shop-api/customers/patient-gp-info', headers: { cookie: patient }, payload });
    const name = await submit({ ...practice, practiceName: 'R'.repeat(500_000) });
    expect(name.statusCode).toBe(400);
    expect(issuesOf(name)).toContainEqual({ field: 'body.practiceName', message: `Practice name cannot exceed ${GP_TEXT_MAX_LENGTH} characters` });
    const line = await submit({ ...practice, addressLine2: 'x'.repeat(GP_TEXT_MAX_LENGTH + 1) });
    expect(line.statusCode).toBe(400);
    expect(issuesOf(line)).toContainEqual({ field: 'body.addressLine2', message: `Address line 2 cannot exceed ${GP_TEXT_MAX_LENGTH} characters` });
    expect((await submit(practice)).statusCode).toBe(201);
  });
});
