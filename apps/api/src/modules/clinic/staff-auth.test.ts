import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, staffRecoveryCodes } from '../../db/schema/clinic';
import { DEMO_STAFF, seedDemoStaff } from '../../seed/staff';
import { upsertStaff } from './staff-auth';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookiesOf, signedInPatient } from '../../../test/support/patients';
import { cookieNamed, newStaff, signedInStaff, STAFF_PASSWORD, staffBox, staffSignIn } from '../../../test/support/staff';

let ctx: TestContext;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  // Every sign-in here comes from one test address; the per-account limit is the one tested below.
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  const doc = (await ctx.app.inject('/shop-api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/shop-api/clinic/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
});
afterAll(() => ctx.close());

const login = (email: string, password = STAFF_PASSWORD) => ctx.app.inject({ method: 'POST', url: '/shop-api/clinic/login', payload: { email, password } });
const totp = (pending: string, code: string) => ctx.app.inject({ method: 'POST', url: '/shop-api/clinic/login/totp', payload: { code }, headers: { cookie: pending } });
const me = (cookie: string) => ctx.app.inject({ url: '/shop-api/clinic/me', headers: { cookie } });

/** A sandbox Google or Apple sign-in for `email`, answering the patient's cookies. */
async function socialPatient(provider: 'google' | 'apple', email: string): Promise<string> {
  const nonceRes = await ctx.app.inject('/shop-api/social-login/nonce');
  const nonceCookie = nonceRes.cookies.find((c) => c.name === 'SocialNonce')!;
  const { idToken } = (
    await ctx.app.inject({ method: 'POST', url: `/shop-api/social-login/sandbox/${provider}/id-token`, payload: { email, firstName: 'Jo', lastName: 'Bloggs', nonce: nonceRes.json().nonce } })
  ).json();
  const res = await ctx.app.inject({ method: 'POST', url: `/shop-api/social-login/${provider}`, headers: { cookie: `SocialNonce=${nonceCookie.value}` }, payload: { idToken, agreeTermsAndPrivacy: true } });
  expect(res.statusCode).toBe(200);
  return cookiesOf(res);
}

/** Every clinic route in the API document, called as a browser holding `cookie` would, with well-formed input. */
async function callEveryClinicRoute(cookie: string, extraHeaders: Record<string, string> = {}) {
  const answers: string[] = [];
  // From an address of its own each time, so the sign-in limits of the other tests do not answer first.
  const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  for (const { method, path } of routes) {
    const url = path.replace('{number}', 'EH-0000-0000').replace('{id}', '00000000-0000-4000-8000-000000000000');
    const body: Record<string, Record<string, unknown>> = {
      '/shop-api/clinic/login': { email: `nobody-${remoteAddress}@example.com`, password: 'long enough pw' },
      '/shop-api/clinic/login/totp': { code: '123456' },
      '/shop-api/clinic/orders/{number}/reject': { reasonCode: 'other', note: '' },
      '/shop-api/clinic/orders/{number}/request-information': { question: 'Why?' },
      '/shop-api/clinic/orders/{number}/dispatch': { carrier: 'dpd', trackingNumber: '12345678901234' },
      '/shop-api/clinic/orders/{number}/refund': { amount: 100, reason: 'test' },
    };
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      remoteAddress,
      headers: { cookie, 'idempotency-key': 'a'.repeat(32), ...extraHeaders },
      ...(method === 'POST' ? { payload: body[path] ?? {} } : {}),
    });
    answers.push(`${method} ${path} ${res.statusCode}`);
  }
  return answers;
}

describe('staff sign-in', () => {
  it('takes a password and then a TOTP code; the session reads /clinic/me and a reused code is refused', async () => {
    const { row, totpSecret } = await newStaff(ctx, 'prescriber');
    const first = await login(row.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ step: 'totp', enrolment: null });
    const pending = cookieNamed(first, 'ClinicPending');
    expect(first.cookies.find((c) => c.name === 'ClinicPending')).toMatchObject({ httpOnly: true, path: '/shop-api/clinic/login', sameSite: 'Strict' });
    // The password alone opens nothing.
    expect((await me(pending)).statusCode).toBe(401);

    expect((await totp(pending, '000000')).statusCode).toBe(401);
    const code = await generate({ secret: totpSecret });
    const second = await totp(pending, code);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      staff: { id: row.uid, email: row.email, name: row.name, role: 'prescriber', registration: { body: 'GPhC', number: '2071234' } },
      recoveryCodes: null,
    });
    expect(second.cookies.find((c) => c.name === 'ClinicSession')).toMatchObject({ httpOnly: true, path: '/shop-api/clinic', sameSite: 'Strict' });
    const session = cookieNamed(second, 'ClinicSession');
    expect((await me(session)).json()).toMatchObject({ email: row.email, role: 'prescriber' });

    // The same code again (a shoulder-surfer, a replayed request) does not sign in twice.
    const again = await login(row.email);
    expect((await totp(cookieNamed(again, 'ClinicPending'), code)).statusCode).toBe(401);
  });

  it('refuses a wrong password, an unknown email and a disabled account alike', async () => {
    const { row } = await newStaff(ctx, 'support');
    expect((await login(row.email, 'wrong password here')).statusCode).toBe(401);
    expect((await login('nobody@elmwood-health.example')).statusCode).toBe(401);
    await ctx.database.db.update(staff).set({ disabled: true }).where(eq(staff.id, row.id));
    expect((await login(row.email)).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('ends a session at logout, and a session of a disabled member stops working', async () => {
    const member = await signedInStaff(ctx, 'pharmacist');
    expect((await me(member.cookie)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/clinic/logout', headers: { cookie: member.cookie } })).statusCode).toBe(204);
    expect((await me(member.cookie)).statusCode).toBe(401);

    const other = await signedInStaff(ctx, 'admin');
    await ctx.database.db.update(staff).set({ disabled: true }).where(eq(staff.id, other.row.id));
    expect((await me(other.cookie)).statusCode).toBe(401);
  });

  it('enrols a member without TOTP at first sign-in: QR code, confirmation by a code, hashed recovery codes that work once', async () => {
    const { row } = await newStaff(ctx, 'admin', { totp: false });
    const first = await login(row.email);
    const { step, enrolment } = first.json();
    expect(step).toBe('enrol');
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
    const pending = cookieNamed(first, 'ClinicPending');

    // A staff member without TOTP gets nothing: not with the pending cookie, not on any clinic route.
    const pendingAnswers = await callEveryClinicRoute(pending);
    expect(pendingAnswers.filter((line) => !/ 40[13]$/.test(line) && !line.includes('/login'))).toEqual([]);
    expect((await totp(pending, '123456')).statusCode).toBe(401);

    const confirmed = await totp(pending, await generate({ secret: enrolment.secret }));
    expect(confirmed.statusCode).toBe(200);
    const recoveryCodes: string[] = confirmed.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    const stored = await ctx.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((code) => code.codeHash)).not.toContain(recoveryCodes[0]);
    const [enrolled] = await ctx.database.db.select().from(staff).where(eq(staff.id, row.id));
    expect(enrolled!.totpSecret).not.toContain(enrolment.secret);
    expect(enrolled!.pendingTotpSecret).toBeNull();

    const withRecovery = await totp(cookieNamed(await login(row.email), 'ClinicPending'), recoveryCodes[0]!);
    expect(withRecovery.statusCode).toBe(200);
    expect((await me(cookieNamed(withRecovery, 'ClinicSession'))).statusCode).toBe(200);
    expect((await totp(cookieNamed(await login(row.email), 'ClinicPending'), recoveryCodes[0]!)).statusCode).toBe(401);
  });

  it('offers the secret npm run staff:create printed at the first sign-in, instead of a new one', async () => {
    const email = `created-${Date.now()}@elmwood-health.example`;
    await upsertStaff(ctx.database.db, staffBox(ctx), { email, name: 'New Member', role: 'support', password: STAFF_PASSWORD, pendingTotpSecret: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD' });
    const first = await login(email);
    expect(first.json().enrolment.secret).toBe('KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD');
    expect((await login(email)).json().enrolment.secret).toBe('KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD');
  });

  it('signs in the demo staff with the passwords and TOTP secrets the README lists', async () => {
    await seedDemoStaff(ctx.database.db, staffBox(ctx));
    for (const member of DEMO_STAFF) {
      const session = await staffSignIn(ctx, member.email, member.totpSecret, member.password);
      expect((await me(session)).json()).toMatchObject({ email: member.email, role: member.role });
    }
  });

  it('limits sign-in attempts per account', async () => {
    const { row } = await newStaff(ctx, 'support');
    const answers: number[] = [];
    for (let attempt = 0; attempt < ctx.config.AUTH_RATE_LIMIT_PER_ACCOUNT + 1; attempt++) answers.push((await login(row.email, 'wrong password here')).statusCode);
    expect(answers.at(-1)).toBe(429);
  }, 60_000);
});

describe('patient sessions never open the clinic', () => {
  it('a patient signed in by password, Google or Apple, with any email including a staff member’s, gets 401 or 403 on every clinic route', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const member = await newStaff(ctx, 'admin');
    const [googleStaff, appleStaff] = [await newStaff(ctx, 'prescriber'), await newStaff(ctx, 'pharmacist')];
    const patients = [
      await signedInPatient(ctx.app),
      // A patient account under a staff member's own email and password.
      await signedInPatient(ctx.app, { email: member.row.email, plainPassword: STAFF_PASSWORD }),
      await socialPatient('google', googleStaff.row.email),
      await socialPatient('apple', appleStaff.row.email),
    ];
    for (const cookie of patients) {
      const answers = await callEveryClinicRoute(cookie);
      expect(answers.filter((line) => !/ 40[13]$/.test(line))).toEqual([]);
      // The patient's access token presented as a bearer token, or renamed to the staff cookie, is no better.
      const token = cookie.split('; ').find((part) => part.startsWith('Authorization='))!.slice('Authorization='.length);
      expect((await callEveryClinicRoute('', { authorization: `Bearer ${token}` })).filter((line) => !/ 40[13]$/.test(line))).toEqual([]);
      expect((await callEveryClinicRoute(`ClinicSession=${token}`)).filter((line) => !/ 40[13]$/.test(line))).toEqual([]);
    }
    // And the staff member still signs in to the clinic with their own account.
    expect((await me(await staffSignIn(ctx, member.row.email, member.totpSecret))).statusCode).toBe(200);
  }, 120_000);
});
