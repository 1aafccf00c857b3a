import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { createTestContext, PRODUCTION_ENV, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { signedUpReply } from '../../../test/support/patients';
import { startSmtpServer } from '../../../test/support/smtp';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('without SMTP_URL', () => {
  it('keeps mail in the database and shows it at /dev/mailbox with a working link', async () => {
    const email = 'mailbox@example.com';
    await signedUpReply(ctx.app, { firstName: 'Sam', lastName: 'Jones', email, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-01-01', agreeTermsAndPrivacy: true });
    // The sign-up's code was read from the mailbox, as a person reads it.
    expect((await ctx.app.inject('/dev/mailbox')).body).toMatch(/<h3>Your Elmwood Health code: \d{6}<\/h3><p>To mailbox@example\.com/);
    await ctx.app.inject({ method: 'PUT', url: '/shop-api/request-password-reset', payload: { email } });
    await deliverNotifications({ app: ctx.app, db: ctx.database.db });
    const page = await ctx.app.inject('/dev/mailbox');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Reset your Elmwood Health password');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:\d+\/forgot-password\?token=[\w-]+">/);
  });
});

describe('in production', () => {
  it('has no mailbox', async () => {
    const production = await createTestContext(PRODUCTION_ENV);
    try {
      expect((await production.app.inject('/dev/mailbox')).statusCode).toBe(404);
      // Nor the test clock's hook (configuration refuses TEST_CLOCK in production as well).
      expect((await production.app.inject({ method: 'POST', url: '/dev/clock', payload: { at: '2030-01-01T00:00:00Z' } })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('sends reset links through the mail server and keeps none in the database', async () => {
    const smtp = await startSmtpServer();
    const production = await createTestContext({ ...PRODUCTION_ENV, SMTP_URL: smtp.url });
    try {
      const email = 'production-reset@example.com';
      await signedUpReply(
        production.app,
        { firstName: 'Sam', lastName: 'Jones', email, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-01-01', agreeTermsAndPrivacy: true },
        { smtpInbox: smtp.inbox },
      );
      expect((await production.app.inject({ method: 'PUT', url: '/shop-api/request-password-reset', payload: { email } })).statusCode).toBe(204);
      await deliverNotifications({ app: production.app, db: production.database.db });
      // The sign-up's code, then the reset link.
      await expect.poll(() => smtp.inbox.length).toBe(2);
      expect(smtp.inbox[1]!.text).toMatch(/https:\/\/shop\.example\/forgot-password\?token=[\w-]+/);
      expect(await production.database.db.select().from(mailOutbox)).toEqual([]);
      // The outbox records that the emails went, but not the code nor the link: each is cleared once its email is handed over.
      const sent = await production.database.db.select().from(notifications).orderBy(notifications.id);
      expect(sent).toMatchObject([
        { template: 'signup-code', status: 'sent', data: {} },
        { template: 'password-reset', status: 'sent', data: {} },
      ]);
    } finally {
      await production.close();
      await smtp.close();
    }
  });
});
