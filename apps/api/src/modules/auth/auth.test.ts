import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { signUp } from '../../../test/support/patients';
import { startSmtpServer } from '../../../test/support/smtp';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    SITE_URL: 'https://shop.example',
    AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '5',
    // Without a grace, a reused refresh token is caught at once (the grace has its own tests in sessions.test.ts).
    REFRESH_TOKEN_REUSE_GRACE_SECONDS: '0',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Headers = {}) =>
  ctx.app.inject({ method, url, payload: payload as object, headers });

let emailCounter = 0;
const signup = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Alex',
  lastName: 'Smith',
  email: `alex${(emailCounter += 1)}@example.com`,
  plainPassword: 'correct horse battery',
  phoneNumber: '07700 900123',
  birthday: '1990-03-12',
  agreeTermsAndPrivacy: true,
  ...overrides,
});

/** The cookies a browser would send back, from a reply's Set-Cookie headers. */
function cookiesOf(res: { cookies: { name: string; value: string }[] }): Headers {
  return { cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}
/** Signs up through both steps (the form, then the code from the email): the confirmation's reply. */
async function register(body: Record<string, unknown>, headers: Headers = {}) {
  return (await signUp(ctx.app, body, { headers, smtpInbox: smtp.inbox })).confirmed;
}
const refreshCookie = (res: { cookies: { name: string; value: string }[] }) =>
  ({ cookie: `Refresh=${res.cookies.find((c) => c.name === 'Refresh')!.value}` });

describe('POST /shop-api/register', () => {
  it('creates the account once the emailed code is entered, signs the patient in with httpOnly cookies and stores an argon2id hash', async () => {
    const body = signup({ email: '  New.Patient@Example.com ' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Alex', email: 'new.patient@example.com', birthday: '1990-03-12' });
    const names = res.cookies.filter((c) => c.value !== '').map((c) => c.name).sort();
    // KnownDevice marks this browser as one that signed in to the account (see sign-in-delay.test.ts).
    expect(names).toEqual(['Authorization', 'KnownDevice', 'Refresh']);
    for (const cookie of res.cookies) expect(cookie).toMatchObject({ httpOnly: true, sameSite: ['KnownDevice', 'SignUp'].includes(cookie.name) ? 'Strict' : 'Lax' });

    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.email, 'new.patient@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('correct horse');

    const me = await call('GET', '/shop-api/me', undefined, cookiesOf(res));
    expect(me.json()).toMatchObject({ email: 'new.patient@example.com', customerBalance: 0 });
  });

  it('names each bad field with the spec message', async () => {
    const res = await call('POST', '/shop-api/register', signup({ email: 'nope', plainPassword: 'short', phoneNumber: '0770', firstName: 'A', birthday: '2010-01-01', agreeTermsAndPrivacy: false }));
    expect(res.statusCode).toBe(400);
    const issues = Object.fromEntries(res.json().details.issues.map((i: { field: string; message: string }) => [i.field, i.message]));
    expect(issues).toEqual({
      'body.firstName': 'Required',
      'body.email': 'Invalid email',
      'body.plainPassword': 'Your password must be at least 8 characters long.',
      'body.phoneNumber': 'Required',
      'body.birthday': 'You need to be over 18 in order to proceed',
      'body.agreeTermsAndPrivacy': 'Required',
    });
  });

  it('opens no second account for the same email, whatever its case: the owner is emailed, and their password still works', async () => {
    const body = signup();
    expect((await register(body)).statusCode).toBe(201);
    const before = smtp.inbox.length;
    const again = await call('POST', '/shop-api/register', { ...body, email: body.email.toUpperCase(), firstName: 'Mallory', plainPassword: 'an attacker password' });
    expect(again.statusCode).toBe(202);
    await deliverNotifications({ app: ctx.app, db: ctx.database.db });
    await expect.poll(() => smtp.inbox.length).toBe(before + 1);
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toBe(body.email);
    expect(mail.subject).toBe('Someone tried to sign up to Elmwood Health with your email');
    expect(mail.text).toContain('Someone tried to open a new Elmwood Health account with this email address, which already has one.');
    expect(mail.text).toContain('https://shop.example/login');
    expect(mail.text).toContain('https://shop.example/forgot-password');
    // The account is the owner's as before: their password works, the second one does not.
    expect((await call('POST', '/shop-api/login', { _username: body.email, _password: body.plainPassword })).json().firstName).toBe('Alex');
    expect((await call('POST', '/shop-api/login', { _username: body.email, _password: 'an attacker password' })).statusCode).toBe(401);
  });
});

describe('login, refresh and logout', () => {
  it('logs in with _username and _password, and refuses a wrong password without saying which part was wrong', async () => {
    const body = signup();
    await register(body);
    const ok = await call('POST', '/shop-api/login', { _username: body.email, _password: body.plainPassword });
    expect(ok.statusCode).toBe(200);
    const wrong = await call('POST', '/shop-api/login', { _username: body.email, _password: 'not my password' });
    const unknown = await call('POST', '/shop-api/login', { _username: 'nobody@example.com', _password: 'not my password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    const empty = await call('POST', '/shop-api/login', { _username: body.email, _password: '' });
    expect(empty.json().details.issues).toEqual([{ field: 'body._password', message: 'Required' }]);
  });

  it('rotates the refresh token, and a reused old token ends the whole session family', async () => {
    const registered = await register(signup());
    const first = await call('POST', '/shop-api/token/refresh', undefined, refreshCookie(registered));
    expect(first.statusCode).toBe(200);
    const second = await call('POST', '/shop-api/token/refresh', undefined, refreshCookie(first));
    expect(second.statusCode).toBe(200);

    const replayed = await call('POST', '/shop-api/token/refresh', undefined, refreshCookie(registered));
    expect(replayed.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's newest token.
    expect((await call('POST', '/shop-api/token/refresh', undefined, refreshCookie(second))).statusCode).toBe(401);
  });

  it('logs out: the refresh token no longer works and the cookies are cleared', async () => {
    const registered = await register(signup());
    const out = await call('POST', '/shop-api/logout', undefined, cookiesOf(registered));
    expect(out.statusCode).toBe(204);
    expect(out.cookies.every((c) => c.value === '')).toBe(true);
    expect((await call('POST', '/shop-api/token/refresh', undefined, refreshCookie(registered))).statusCode).toBe(401);
  });

  it('says a visitor must log in, and ignores a forged token', async () => {
    const res = await call('GET', '/shop-api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'You need to log in to view this page' });
    const forged = await call('GET', '/shop-api/me', undefined, { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(forged.statusCode).toBe(401);
  });

  it('slows guessing on one account down rather than locking it: past five wrong passwords, tries are spaced out', async () => {
    const body = signup();
    await register(body);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await call('POST', '/shop-api/login', { _username: body.email, _password: 'guess-' + i })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    // The waits double from one second, so sent back to back, one of the next few is asked to wait.
    let refused;
    for (let i = 0; i < 6 && !refused; i += 1) {
      const reply = await call('POST', '/shop-api/login', { _username: body.email, _password: 'guess-again-' + i });
      if (reply.statusCode === 429) refused = reply;
      else expect(reply.statusCode).toBe(401);
    }
    expect(refused!.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/) });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused!.headers['retry-after'])).toBeLessThanOrEqual(30);
  });
});

describe('update account', () => {
  it('lets a signed-in patient add a missing phone and birthday, with the same rules', async () => {
    const registered = await register(signup());
    const bad = await call('PUT', '/shop-api/me', { birthday: '2015-01-01' }, cookiesOf(registered));
    expect(bad.json().details.issues).toEqual([{ field: 'body.birthday', message: 'You need to be over 18 in order to proceed' }]);
    const ok = await call('PUT', '/shop-api/me', { phoneNumber: '07700 900999', unlicensedProductDisclaimerAccepted: true }, cookiesOf(registered));
    expect(ok.json()).toMatchObject({ phoneNumber: '07700 900999', hasAcceptedUnlicensedProductDisclaimer: true });
  });
});

describe('password reset by email', () => {
  it('mails a single-use link through SMTP; the new password works and the old one and old sessions do not', async () => {
    const body = signup();
    const registered = await register(body);
    const before = smtp.inbox.length;
    const asked = await call('PUT', '/shop-api/request-password-reset', { email: body.email });
    expect(asked.statusCode).toBe(204);
    await deliverNotifications({ app: ctx.app, db: ctx.database.db });
    await expect.poll(() => smtp.inbox.length).toBe(before + 1);
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toBe(body.email);
    const link = /https:\/\/shop\.example\/forgot-password\?token=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const tooShort = await call('PUT', `/shop-api/reset-password/${token}`, { password: 'short' });
    expect(tooShort.json().message).toBe('Your password must be at least 8 characters long.');
    expect((await call('PUT', `/shop-api/reset-password/${token}`, { password: 'a brand new secret' })).statusCode).toBe(204);
    await deliverNotifications({ app: ctx.app, db: ctx.database.db });
    expect(smtp.inbox.at(-1)).toMatchObject({ to: body.email, subject: 'Your Elmwood Health password has been changed' });
    const reused = await call('PUT', `/shop-api/reset-password/${token}`, { password: 'another new secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This reset link has expired or was already used. Please ask for a new one.');

    expect((await call('POST', '/shop-api/login', { _username: body.email, _password: 'a brand new secret' })).statusCode).toBe(200);
    expect((await call('POST', '/shop-api/login', { _username: body.email, _password: body.plainPassword })).statusCode).toBe(401);
    expect((await call('POST', '/shop-api/token/refresh', undefined, refreshCookie(registered))).statusCode).toBe(401);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const before = smtp.inbox.length;
    const res = await call('PUT', '/shop-api/request-password-reset', { email: 'stranger@example.com' });
    expect(res.statusCode).toBe(204);
    await deliverNotifications({ app: ctx.app, db: ctx.database.db });
    expect(smtp.inbox.length).toBe(before);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another site and allows the same site', async () => {
    const body = signup();
    const foreign = await call('POST', '/shop-api/register', body, { origin: 'https://evil.example', host: 'shop.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('CROSS_SITE_REQUEST');
    const fetchSite = await call('POST', '/shop-api/register', body, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.statusCode).toBe(403);
    const same = await call('POST', '/shop-api/register', body, { origin: 'https://shop.example', host: 'shop.example' });
    expect(same.statusCode).toBe(202);
    const confirmForeign = await call('POST', '/shop-api/register/confirm', { email: body.email, code: '123456' }, { origin: 'https://evil.example', host: 'shop.example' });
    expect(confirmForeign.statusCode).toBe(403);
  });

  it("refuses an opaque Origin ('null') unless the browser says the request is from this origin (a form of ours under no-referrer)", async () => {
    const sandboxed = await call('POST', '/shop-api/register', signup(), { origin: 'null' });
    expect(sandboxed.statusCode).toBe(403);
    expect(sandboxed.json().code).toBe('CROSS_SITE_REQUEST');
    const framed = await call('POST', '/shop-api/register', signup(), { origin: 'null', 'sec-fetch-site': 'same-site' });
    expect(framed.statusCode).toBe(403);
    const ours = await call('POST', '/shop-api/register', signup(), { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(ours.statusCode).toBe(202);
  });
});
