import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { signedUpReply, signupBody } from '../../../test/support/patients';
import { startSmtpServer } from '../../../test/support/smtp';

/*
 * A sign-in is one refresh-token family, and every access token names it: logging out or resetting the password
 * ends the family, and with it every access token already handed out. Two tabs refreshing with one cookie at once
 * both get through (the grace); the same token used again later ends the family.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const GRACE_SECONDS = 1;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, REFRESH_TOKEN_REUSE_GRACE_SECONDS: String(GRACE_SECONDS) });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type Reply = { cookies: { name: string; value: string }[] };
const cookie = (reply: Reply, name: string) => `${name}=${reply.cookies.find((c) => c.name === name)!.value}`;
const access = (reply: Reply) => ({ cookie: cookie(reply, 'Authorization') });
const refresh = (reply: Reply) => ({ cookie: cookie(reply, 'Refresh') });
const me = (headers: Record<string, string>) => ctx.app.inject({ url: '/shop-api/me', headers });
const refreshWith = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/shop-api/token/refresh', headers });
const register = async (overrides: Record<string, unknown> = {}) => {
  const body = signupBody(overrides);
  const reply = await signedUpReply(ctx.app, body, { smtpInbox: smtp.inbox });
  return { body, reply };
};

describe('access tokens end with their sign-in', () => {
  it('stops working at logout, even on a device that kept a copy', async () => {
    const { reply } = await register();
    expect((await me(access(reply))).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/shop-api/logout', headers: { cookie: `${cookie(reply, 'Authorization')}; ${cookie(reply, 'Refresh')}` } });
    expect(out.statusCode).toBe(204);
    expect((await me(access(reply))).statusCode).toBe(401);
  });

  it('stops working at logout sent with the access token alone (an API client)', async () => {
    const { reply } = await register();
    const bearer = { authorization: `Bearer ${reply.cookies.find((c) => c.name === 'Authorization')!.value}` };
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/logout', headers: bearer })).statusCode).toBe(204);
    expect((await me(bearer)).statusCode).toBe(401);
    expect((await refreshWith(refresh(reply))).statusCode).toBe(401);
  });

  it('stops working on every device when the password is reset', async () => {
    const { body, reply: phone } = await register();
    const laptop = await ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: body.email, _password: body.plainPassword } });
    expect((await me(access(phone))).statusCode).toBe(200);
    expect((await me(access(laptop))).statusCode).toBe(200);

    const before = smtp.inbox.length;
    await ctx.app.inject({ method: 'PUT', url: '/shop-api/request-password-reset', payload: { email: body.email } });
    await deliverNotifications({ app: ctx.app, db: ctx.database.db });
    await expect.poll(() => smtp.inbox.length).toBe(before + 1);
    const token = /forgot-password\?token=([\w-]+)/.exec(smtp.inbox.at(-1)!.text)?.[1];
    expect(token).toBeDefined();
    expect((await ctx.app.inject({ method: 'PUT', url: `/shop-api/reset-password/${token}`, payload: { password: 'a brand new secret' } })).statusCode).toBe(204);

    expect((await me(access(phone))).statusCode).toBe(401);
    expect((await me(access(laptop))).statusCode).toBe(401);
  });

  it('keeps other sign-ins of the same patient working when one device logs out', async () => {
    const { body, reply: phone } = await register();
    const laptop = await ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: body.email, _password: body.plainPassword } });
    await ctx.app.inject({ method: 'POST', url: '/shop-api/logout', headers: refresh(phone) });
    expect((await me(access(phone))).statusCode).toBe(401);
    expect((await me(access(laptop))).statusCode).toBe(200);
  });
});

describe('refresh token grace', () => {
  it('lets two tabs refresh with the same token at once; both new sessions work', async () => {
    const { reply } = await register();
    const [first, second] = await Promise.all([refreshWith(refresh(reply)), refreshWith(refresh(reply))]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    for (const tab of [first, second]) {
      expect((await me(access(tab))).statusCode).toBe(200);
      expect((await refreshWith(refresh(tab))).statusCode).toBe(200);
    }
  });

  it('treats the rotated token used after the grace as copied, and ends the whole sign-in', async () => {
    const { reply } = await register();
    const rotated = await refreshWith(refresh(reply));
    expect(rotated.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, GRACE_SECONDS * 1000 + 300));

    const replayed = await refreshWith(refresh(reply));
    expect(replayed.statusCode).toBe(401);
    expect((await refreshWith(refresh(rotated))).statusCode).toBe(401);
    expect((await me(access(rotated))).statusCode).toBe(401);
  });
});
