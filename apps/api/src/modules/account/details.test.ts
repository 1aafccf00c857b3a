import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_DO_NOT_MATCH_MESSAGE, RECURRING_DISCOUNT_EXPERIMENT, bucketFor, visitorBuckets } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedUpReply } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789', REFRESH_TOKEN_REUSE_GRACE_SECONDS: '0' });
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Headers = {}) => ctx.app.inject({ method, url, payload: payload as object, headers });
const cookiesOf = (res: { cookies: { name: string; value: string }[] }): Headers => ({
  cookie: res.cookies
    .filter((c) => c.name !== 'KnownDevice')
    .map((c) => `${c.name}=${c.value}`)
    .join('; '),
});

let counter = 0;
async function register(extra: Record<string, unknown> = {}) {
  const email = `details${(counter += 1)}@example.com`;
  const res = await signedUpReply(ctx.app, {
    firstName: 'Alex',
    lastName: 'Smith',
    email,
    plainPassword: 'correct horse battery',
    phoneNumber: '07700 900123',
    birthday: '1990-03-12',
    agreeTermsAndPrivacy: true,
    ...extra,
  });
  return { email, res, headers: cookiesOf(res) };
}
const login = async (email: string, password: string) => call('POST', '/shop-api/login', { _username: email, _password: password });

describe('the visitor’s experiment buckets carry over to the account they open', () => {
  it('keeps the bucket the visitor id gave, not the one the new uid would', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => `visitor-${index}`);
    for (const bucket of RECURRING_DISCOUNT_EXPERIMENT.buckets) {
      const visitorId = ids.find((id) => bucketFor(RECURRING_DISCOUNT_EXPERIMENT, id) === bucket)!;
      // An account whose own uid would put it in the other bucket, so only carrying the visit's over passes.
      for (let attempt = 0; ; attempt += 1) {
        expect(attempt).toBeLessThan(20);
        const { headers, res } = await register({ visitorId });
        if (bucketFor(RECURRING_DISCOUNT_EXPERIMENT, res.json().uid) === bucket) continue;
        const stored = await call('GET', '/shop-api/me/experiments', undefined, headers);
        expect(stored.json()).toEqual(visitorBuckets(visitorId));
        break;
      }
    }
  });

  it('buckets an account opened without a visitor id by its uid, as before', async () => {
    const { headers, res } = await register();
    const stored = await call('GET', '/shop-api/me/experiments', undefined, headers);
    // Every running experiment, each bucketed by the account's uid.
    expect(stored.json()).toEqual(visitorBuckets(res.json().uid));
  });

  it('refuses a visitor id longer than any browser makes', async () => {
    const res = await call('POST', '/shop-api/register', { visitorId: 'x'.repeat(65) });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /shop-api/me/password', () => {
  it('changes the password with the current one; other sign-ins end, this one carries on', async () => {
    const { email, headers } = await register();
    const other = await login(email, 'correct horse battery');
    const otherHeaders = cookiesOf(other);
    expect((await call('GET', '/shop-api/me', undefined, otherHeaders)).statusCode).toBe(200);

    const changed = await call('PUT', '/shop-api/me/password', { currentPassword: 'correct horse battery', newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' }, headers);
    expect(changed.statusCode).toBe(204);

    expect((await call('GET', '/shop-api/me', undefined, headers)).statusCode).toBe(200);
    expect((await call('GET', '/shop-api/me', undefined, otherHeaders)).statusCode).toBe(401);
    expect((await call('POST', '/shop-api/token/refresh', undefined, otherHeaders)).statusCode).toBe(401);
    expect((await login(email, 'correct horse battery')).statusCode).toBe(401);
    expect((await login(email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('says which field is wrong, with the spec’s password rules, and changes nothing', async () => {
    const { email, headers } = await register();
    const attempt = (body: Record<string, string>) => call('PUT', '/shop-api/me/password', body, headers);
    const wrong = await attempt({ currentPassword: 'not my password', newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: CURRENT_PASSWORD_WRONG_MESSAGE, details: { issues: [{ field: 'body.currentPassword', message: CURRENT_PASSWORD_WRONG_MESSAGE }] } });
    const short = await attempt({ currentPassword: 'correct horse battery', newPassword: 'short', confirmPassword: 'short' });
    expect(short.json().details.issues).toEqual([{ field: 'body.newPassword', message: PASSWORD_TOO_SHORT_MESSAGE }]);
    const mismatch = await attempt({ currentPassword: 'correct horse battery', newPassword: 'a brand new passphrase', confirmPassword: 'another passphrase' });
    expect(mismatch.json().details.issues).toEqual([{ field: 'body.confirmPassword', message: PASSWORDS_DO_NOT_MATCH_MESSAGE }]);
    expect((await login(email, 'correct horse battery')).statusCode).toBe(200);
  });

  it('slows down guessing of the current password, as sign-in does', async () => {
    const { headers } = await register();
    const guess = (currentPassword: string) =>
      call('PUT', '/shop-api/me/password', { currentPassword, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' }, headers);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8 && !statuses.includes(429); attempt += 1) statuses.push((await guess(`guess ${attempt}`)).statusCode);
    // Five wrong guesses are free; then each waits, and so does the right password until the wait is over.
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
    const right = await guess('correct horse battery');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
  });

  it('needs a sign-in', async () => {
    const res = await call('PUT', '/shop-api/me/password', { currentPassword: 'x', newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    expect(res.statusCode).toBe(401);
  });
});

describe('/shop-api/me/deletion-request', () => {
  it('records one request, the same however often it is asked, and shows its state', async () => {
    const { headers } = await register();
    expect((await call('GET', '/shop-api/me/deletion-request', undefined, headers)).json()).toBeNull();
    const [first, second] = await Promise.all([
      call('POST', '/shop-api/me/deletion-request', undefined, headers),
      call('POST', '/shop-api/me/deletion-request', undefined, headers),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ state: 'requested', completedAt: null });
    expect(second.json()).toEqual(first.json());
    expect((await call('GET', '/shop-api/me/deletion-request', undefined, headers)).json()).toEqual(first.json());
  });

  it('is the patient’s own: another patient sees none, a visitor is asked to log in', async () => {
    const { headers } = await register();
    await call('POST', '/shop-api/me/deletion-request', undefined, headers);
    const other = await register();
    expect((await call('GET', '/shop-api/me/deletion-request', undefined, other.headers)).json()).toBeNull();
    expect((await call('POST', '/shop-api/me/deletion-request')).statusCode).toBe(401);
  });
});
