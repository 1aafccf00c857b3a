import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedUpReply, signupBody } from '../../../test/support/patients';

// Wrong passwords slow sign-in down instead of locking the account: someone else's guesses must never keep
// the owner out for more than a short wait. The clock is the app's, so waits pass without sleeping.
let ctx: TestContext;
let clock = Date.UTC(2026, 0, 5, 10, 0, 0);
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '25' }, { now: () => new Date(clock) });
});
afterAll(() => ctx.close());

async function account(): Promise<{ email: string; password: string }> {
  const body = signupBody();
  await signedUpReply(ctx.app, body, { remoteAddress: '192.0.2.200' });
  return { email: body.email, password: body.plainPassword };
}

const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/login', remoteAddress, payload: { _username: email, _password: password }, ...(cookie ? { headers: { cookie } } : {}) });

/** A patient guesser: waits out every delay, from a new address each time, until `count` wrong passwords are in. */
async function guess(email: string, count: number): Promise<number[]> {
  const waits: number[] = [];
  for (let wrong = 0, i = 0; wrong < count && i < 100; i += 1) {
    const reply = await login(email, `guess-${i}`, `203.0.113.${(i % 200) + 1}`);
    if (reply.statusCode === 401) wrong += 1;
    else {
      expect(reply.statusCode).toBe(429);
      const wait = Number(reply.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      waits.push(wait);
      clock += wait * 1000;
    }
  }
  return waits;
}

describe('wrong passwords', () => {
  it('space out further tries on the account, doubling from one second to at most thirty', async () => {
    const { email } = await account();
    const waits = await guess(email, 12);
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30]);
    const refused = await login(email, 'one-more', '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts. Please wait 30 seconds and try again.' });
    expect(refused.headers['retry-after']).toBe('30');
  });

  it("never keep the owner out for more than the short wait: after it, the right password signs in", async () => {
    const { email, password } = await account();
    await guess(email, 15);
    const first = await login(email, password, '198.51.100.5');
    expect(first.statusCode).toBe(429);
    const wait = Number(first.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(30);
    clock += wait * 1000;
    const second = await login(email, password, '198.51.100.5');
    expect(second.statusCode).toBe(200);
  });

  it("do not slow the owner down at all on a browser that has signed in to the account before", async () => {
    const { email, password } = await account();
    const earlier = await login(email, password, '198.51.100.6');
    const knownDevice = earlier.cookies.find((cookie) => cookie.name === 'KnownDevice')!;
    expect(knownDevice).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/shop-api/login' });
    await guess(email, 10);

    expect((await login(email, password, '198.51.100.7')).statusCode).toBe(429);
    const owner = await login(email, password, '198.51.100.6', `KnownDevice=${knownDevice.value}`);
    expect(owner.statusCode).toBe(200);
    // The cookie is for that account only.
    const other = await account();
    await guess(other.email, 10);
    expect((await login(other.email, other.password, '198.51.100.6', `KnownDevice=${knownDevice.value}`)).statusCode).toBe(429);
  });

  it('slow down one address trying many accounts, and stop it at a hard cap', async () => {
    const accounts = await Promise.all(Array.from({ length: 3 }, () => account()));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await login(accounts[i % 3]!.email, `spray-${i}`, '198.51.100.50')).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    // An eleventh at once waits, whichever account it names; another address does not.
    expect((await login(accounts[0]!.email, accounts[0]!.password, '198.51.100.50')).statusCode).toBe(429);
    expect((await login(accounts[1]!.email, 'spray-x', '198.51.100.51')).statusCode).toBe(401);

    // Waiting out every delay, the address still gets no more than 25 tries in 15 minutes.
    let capped = false;
    for (let i = 0; i < 30 && !capped; i += 1) {
      const reply = await login(accounts[2]!.email, `spray-more-${i}`, '198.51.100.50');
      if (reply.statusCode !== 429) continue;
      if (reply.json().message === 'Too many attempts. Please wait 15 minutes and try again.') capped = true;
      else clock += Number(reply.headers['retry-after']) * 1000;
    }
    expect(capped).toBe(true);
  });
});
