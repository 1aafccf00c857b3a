import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookieNamed, newStaff, STAFF_PASSWORD } from '../../../test/support/staff';

/** The clock the limits read: moved on by the tests, so waits pass without waiting. */
let clock = Date.now();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date(clock) });
});
afterAll(() => ctx.close());

const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/clinic/login', remoteAddress, payload: { email, password }, headers: cookie ? { cookie } : {} });

/** A full sign-in (password, then the code) from this browser: answers its session and the known-device cookie it is given. */
async function signInFully(email: string, totpSecret: string, remoteAddress: string): Promise<{ session: string; knownDevice: string }> {
  const first = await login(email, STAFF_PASSWORD, remoteAddress);
  expect(first.statusCode).toBe(200);
  const second = await ctx.app.inject({
    method: 'POST',
    url: '/shop-api/clinic/login/totp',
    remoteAddress,
    payload: { code: await generate({ secret: totpSecret }) },
    headers: { cookie: cookieNamed(first, 'ClinicPending') },
  });
  expect(second.statusCode).toBe(200);
  const device = second.cookies.find((cookie) => cookie.name === 'ClinicKnownDevice')!;
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/shop-api/clinic/login' });
  return { session: cookieNamed(second, 'ClinicSession'), knownDevice: `ClinicKnownDevice=${device.value}` };
}

describe('staff sign-in under a stranger’s guessing', () => {
  it('counts failures only: a member signing in many times is never refused', async () => {
    const { row } = await newStaff(ctx, 'prescriber');
    const statuses = [];
    for (let attempt = 0; attempt < 14; attempt += 1) statuses.push((await login(row.email, STAFF_PASSWORD, '198.51.100.70')).statusCode);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('lets the clinician in on their own device after ten wrong passwords from elsewhere, and slows a new device only briefly, saying when to retry', async () => {
    const { row, totpSecret } = await newStaff(ctx, 'prescriber');
    const { knownDevice } = await signInFully(row.email, totpSecret, '198.51.100.80');

    // A stranger somewhere else types ten wrong passwords for the clinician's email, a minute apart.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      clock += 61_000;
      expect((await login(row.email, 'guess', '203.0.113.90')).statusCode).toBe(401);
    }

    // The clinician's own browser is not held up at all.
    expect((await login(row.email, STAFF_PASSWORD, '198.51.100.80', knownDevice)).statusCode).toBe(200);
    // A new browser waits seconds, not 15 minutes, and is told how long.
    const newDevice = await login(row.email, STAFF_PASSWORD, '198.51.100.81');
    expect(newDevice.statusCode).toBe(429);
    const wait = Number(newDevice.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(newDevice.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: `Too many attempts. Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} and try again.` });
    clock += wait * 1000;
    expect((await login(row.email, STAFF_PASSWORD, '198.51.100.81')).statusCode).toBe(200);
  });

  it('slows the guessing address down, with Retry-After', async () => {
    const { row } = await newStaff(ctx, 'admin');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(`nobody-${attempt}@elmwood-health.example`, 'guess', '203.0.113.91')).statusCode).toBe(401);
    }
    const slowed = await login(row.email, STAFF_PASSWORD, '203.0.113.91');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not.
    expect((await login(row.email, STAFF_PASSWORD, '198.51.100.92')).statusCode).toBe(200);
  });
});

describe('logging out', () => {
  it('also ends a sign-in begun before it: its password step no longer leads to a session', async () => {
    const { row, totpSecret } = await newStaff(ctx, 'pharmacist');
    const { session } = await signInFully(row.email, totpSecret, '198.51.100.95');
    const begun = await login(row.email, STAFF_PASSWORD, '198.51.100.96');
    expect(begun.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/clinic/logout', headers: { cookie: session } })).statusCode).toBe(204);

    const afterLogout = await ctx.app.inject({
      method: 'POST',
      url: '/shop-api/clinic/login/totp',
      remoteAddress: '198.51.100.96',
      payload: { code: '000000' },
      headers: { cookie: cookieNamed(begun, 'ClinicPending') },
    });
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json()).toMatchObject({ code: 'STAFF_SIGN_IN_EXPIRED' });
  });
});
