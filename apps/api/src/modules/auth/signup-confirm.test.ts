import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNUP_CODE_INVALID_MESSAGE, SIGNUP_CODE_SENT_MESSAGE } from '@elmwood/domain';
import { customers, pendingSignups } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { cookiesOf, emailedSignupCode, signedUpReply, signupBody } from '../../../test/support/patients';
import { startSmtpServer } from '../../../test/support/smtp';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, SITE_URL: 'https://shop.example', REGISTER_EMAILS_PER_ADDRESS: '3' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A browser of its own: its first request is given a device id, and each reply's cookies are kept for the next. */
function browser() {
  const jar = new Map<string, string>();
  const send = async (url: string, payload: object) => {
    const reply = await ctx.app.inject({ method: 'POST', url, payload, cookies: Object.fromEntries(jar) });
    for (const cookie of reply.cookies) {
      if (cookie.value === '') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return reply;
  };
  return {
    register: (body: object) => send('/shop-api/register', body),
    confirm: (email: string, code: string) => send('/shop-api/register/confirm', { email, code }),
    resend: (email: string) => send('/shop-api/register/resend', { email }),
    cookies: () => Object.fromEntries(jar),
  };
}

const codeFor = (email: string) => emailedSignupCode(ctx.app, email, { smtpInbox: smtp.inbox });
const messagesTo = async (recipient: string) => (await ctx.database.db.select().from(notifications).where(eq(notifications.recipient, recipient))).length;
const pendingCount = async () => (await ctx.database.db.select({ n: count() }).from(pendingSignups))[0]!.n;
const accountsWith = async (email: string) => ctx.database.db.select().from(customers).where(eq(customers.email, email));
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('an email sign-up says nothing about whether the email has an account', () => {
  it('answers a new and a taken email with the same status, the same bytes and the same cookies; each writes one sign-up and one email, and the caller gets no account', async () => {
    const owner = signupBody({ firstName: 'Olive' });
    await signedUpReply(ctx.app, owner, { smtpInbox: smtp.inbox });
    const newcomer = signupBody();
    const [pendingBefore, ownerMessagesBefore] = [await pendingCount(), await messagesTo(owner.email)];

    const fresh = await browser().register(newcomer);
    const taken = await browser().register({ ...signupBody({ firstName: 'Mallory', plainPassword: 'an attacker password' }), email: owner.email.toUpperCase() });

    expect(fresh.statusCode).toBe(202);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(fresh.json()).toEqual({ code: 'CONFIRM_EMAIL', message: SIGNUP_CODE_SENT_MESSAGE });
    expect(taken.rawPayload.equals(fresh.rawPayload)).toBe(true);
    const withoutValues = (reply: typeof fresh) => reply.cookies.map(({ value: _value, expires: _expires, ...rest }) => rest);
    expect(withoutValues(taken)).toEqual(withoutValues(fresh));
    expect(fresh.cookies.map((cookie) => cookie.name).sort()).toEqual(['Device', 'SignUp']);
    const headerNames = (reply: typeof fresh) => Object.keys(reply.headers).sort();
    expect(headerNames(taken)).toEqual(headerNames(fresh));
    expect(taken.headers['content-length']).toBe(fresh.headers['content-length']);

    // The same work on both paths: one pending sign-up each, and one message each.
    expect(await pendingCount()).toBe(pendingBefore + 2);
    expect(await messagesTo(newcomer.email)).toBe(1);
    expect(await messagesTo(owner.email)).toBe(ownerMessagesBefore + 1);
    // Nobody is signed in, and no account is opened yet; the owner's stays theirs alone.
    expect(await accountsWith(newcomer.email)).toEqual([]);
    expect((await accountsWith(owner.email)).map((row) => row.firstName)).toEqual(['Olive']);

    const sentBefore = smtp.inbox.length;
    await deliverNotifications({ app: ctx.app, db: ctx.database.db });
    await expect.poll(() => smtp.inbox.length).toBe(sentBefore + 2);
    const toNewcomer = smtp.inbox.find((mail) => mail.to === newcomer.email)!;
    expect(toNewcomer.subject).toMatch(/^Your Elmwood Health code: \d{6}$/);
    expect(toNewcomer.text).toContain('The code works for 30 minutes.');
    expect(toNewcomer.text).not.toContain('Alex');
    const toOwner = smtp.inbox.slice(sentBefore).find((mail) => mail.to === owner.email)!;
    expect(toOwner.subject).toBe('Someone tried to sign up to Elmwood Health with your email');
    expect(toOwner.text).not.toMatch(/\d{6}/);
    // The code is kept only until the email is handed over.
    const [sent] = await ctx.database.db.select().from(notifications).where(eq(notifications.recipient, newcomer.email));
    expect(sent).toMatchObject({ template: 'signup-code', status: 'sent', data: {} });
  });

  it('a taken email’s sign-up opens nothing and signs nobody in, whatever code is entered', async () => {
    const owner = signupBody();
    await signedUpReply(ctx.app, owner, { smtpInbox: smtp.inbox });
    const mallory = browser();
    expect((await mallory.register({ ...signupBody({ plainPassword: 'an attacker password' }), email: owner.email })).statusCode).toBe(202);
    const tries = await Promise.all(['000000', '123456', '999999'].map((code) => mallory.confirm(owner.email, code)));
    for (const reply of tries) {
      expect(reply.statusCode).toBe(400);
      expect(reply.cookies.map((cookie) => cookie.name)).not.toContain('Authorization');
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: owner.email, _password: 'an attacker password' } })).statusCode).toBe(401);
  });
});

describe('POST /shop-api/register/confirm', () => {
  it('opens the account with the right code and signs in (201, as sign-up did); the code works once', async () => {
    const body = signupBody({ firstName: 'Robin', birthday: '1975-06-30' });
    const visitor = browser();
    await visitor.register(body);
    const code = (await codeFor(body.email))!;
    const opened = await visitor.confirm(body.email.toUpperCase(), code);
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toEqual({
      uid: expect.any(String),
      firstName: 'Robin',
      lastName: 'Smith',
      email: body.email,
      phoneNumber: '07700900123',
      birthday: '1975-06-30',
      customerBalance: 0,
      hasAcceptedUnlicensedProductDisclaimer: false,
    });
    expect(opened.cookies.filter((cookie) => cookie.value !== '').map((cookie) => cookie.name).sort()).toEqual(['Authorization', 'KnownDevice', 'Refresh']);
    const me = await ctx.app.inject({ method: 'GET', url: '/shop-api/me', headers: { cookie: cookiesOf(opened) } });
    expect(me.json().email).toBe(body.email);
    expect(await pendingSignupsOf(body.email)).toBe(0);

    const again = await ctx.app.inject({ method: 'POST', url: '/shop-api/register/confirm', cookies: visitor.cookies(), payload: { email: body.email, code } });
    expect(again.statusCode).toBe(400);
    expect((await accountsWith(body.email)).length).toBe(1);
  });

  it('answers a wrong code, an expired code and a code with no sign-up the same 400', async () => {
    const body = signupBody();
    const visitor = browser();
    await visitor.register(body);
    const code = (await codeFor(body.email))!;
    const refusal = { code: 'INVALID_SIGNUP_CODE', message: SIGNUP_CODE_INVALID_MESSAGE, details: { issues: [{ field: 'body.code', message: SIGNUP_CODE_INVALID_MESSAGE }] } };

    const wrongCode = await visitor.confirm(body.email, wrong(code));
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual(refusal);
    // Another email than the sign-up's, and a browser with no sign-up at all.
    expect((await visitor.confirm(`other-${body.email}`, code)).json()).toEqual(refusal);
    const stranger = await browser().confirm(body.email, code);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual(refusal);
    // A code that is not six digits is a plain form error.
    expect((await visitor.confirm(body.email, '12ab')).json().details.issues).toEqual([{ field: 'body.code', message: 'Please enter the 6-digit code from the email.' }]);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60 * 1000 });
    const expired = await visitor.confirm(body.email, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(refusal);
    expect(await accountsWith(body.email)).toEqual([]);

    // A new code, sent within the sign-up's day, works.
    expect((await visitor.resend(body.email)).statusCode).toBe(202);
    const fresh = (await codeFor(body.email))!;
    expect((await visitor.confirm(body.email, fresh)).statusCode).toBe(201);
  });

  it('ends the code after five wrong tries, the right one included; a new code then works', async () => {
    const body = signupBody();
    const visitor = browser();
    await visitor.register(body);
    const code = (await codeFor(body.email))!;
    for (let i = 0; i < 5; i += 1) expect((await visitor.confirm(body.email, wrong(code))).statusCode).toBe(400);
    const exhausted = await visitor.confirm(body.email, code);
    expect(exhausted.statusCode).toBe(400);
    expect(exhausted.json().message).toBe(SIGNUP_CODE_INVALID_MESSAGE);
    expect(await accountsWith(body.email)).toEqual([]);

    const resent = await visitor.resend(body.email);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ code: 'CONFIRM_EMAIL', message: SIGNUP_CODE_SENT_MESSAGE });
    const next = (await codeFor(body.email))!;
    // The first code stopped working when a new one was sent.
    if (next !== code) expect((await visitor.confirm(body.email, code)).statusCode).toBe(400);
    expect((await visitor.confirm(body.email, next)).statusCode).toBe(201);
  });

  it('opens only the sign-up of the browser that made it: a code sent for someone else’s sign-up with the same email does not open it', async () => {
    const email = signupBody().email;
    const mallory = browser();
    await mallory.register(signupBody({ email, firstName: 'Mallory', plainPassword: 'an attacker password' }));
    const sentForMallory = (await codeFor(email))!;
    const owner = browser();
    await owner.register(signupBody({ email, firstName: 'Olive' }));
    const sentForOwner = (await codeFor(email))!;

    if (sentForMallory !== sentForOwner) expect((await owner.confirm(email, sentForMallory)).statusCode).toBe(400);
    const opened = await owner.confirm(email, sentForOwner);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().firstName).toBe('Olive');
    // Mallory's sign-up can no longer open an account for the address (it has one), even with its own code.
    expect((await mallory.confirm(email, sentForMallory)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: email, _password: 'an attacker password' } })).statusCode).toBe(401);
  });
});

describe('sign-up emails to one address are limited', () => {
  it('refuses a fourth email in the hour alike for a new and a taken email, with the wait; a resend counts too', async () => {
    const owner = signupBody();
    await signedUpReply(ctx.app, owner, { smtpInbox: smtp.inbox }); // one email to the owner's address: their code
    const newcomer = signupBody();
    const visitor = browser();
    expect((await visitor.register(newcomer)).statusCode).toBe(202);
    expect((await visitor.resend(newcomer.email)).statusCode).toBe(202);
    expect((await browser().register(newcomer)).statusCode).toBe(202);
    expect((await browser().register(owner)).statusCode).toBe(202);
    expect((await browser().register(owner)).statusCode).toBe(202);

    const freshRefused = await browser().register(newcomer);
    const takenRefused = await browser().register(owner);
    for (const refused of [freshRefused, takenRefused]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'TOO_MANY_SIGNUP_EMAILS',
        message: expect.stringMatching(/^We have sent this email several messages in the last hour\. Please check your inbox, or try again in \d+ minutes?\.$/),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await visitor.resend(newcomer.email)).statusCode).toBe(429);
  });

  it('asks to sign up again when a new code is asked for with no sign-up in this browser', async () => {
    const reply = await browser().resend(signupBody().email);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ code: 'SIGNUP_EXPIRED', message: 'Your sign-up has expired. Please create your account again.' });
  });
});

async function pendingSignupsOf(email: string): Promise<number> {
  return (await ctx.database.db.select({ n: count() }).from(pendingSignups).where(eq(pendingSignups.email, email)))[0]!.n;
}
