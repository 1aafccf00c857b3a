import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId } from '../../../test/support/account';
import { readRecordings, replayServer } from '../../../test/support/replay-server';
import { customers as customersTable } from '../../db/schema/customers';
import { channelOptOuts, notifications } from '../../db/schema/notifications';
import { TextMessageError } from './port';
import { twilioMessenger, twilioSignature } from './twilio';

const recordings = readRecordings(new URL('./recordings/twilio.json', import.meta.url));
const ACCOUNT = `AC${'0'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-test-auth-token';

/** Twilio replayed: each message answered by the recording for its 'To'. */
let twilio: Awaited<ReturnType<typeof replayServer>>;
beforeAll(async () => {
  twilio = await replayServer(({ method, url, body }) => {
    if (method !== 'POST' || url !== `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`) return { status: 404, body: { code: 20404, message: 'not recorded' } };
    return recordings[`POST Messages To=${String(body.To)}`] ?? { status: 404, body: { code: 20404, message: 'not recorded' } };
  });
});
afterAll(() => twilio.close());

const messenger = () =>
  twilioMessenger({ accountSid: ACCOUNT, authToken: AUTH_TOKEN, smsFrom: '+447700900001', whatsappFrom: '+447700900002', statusCallbackUrl: 'https://shop.example/shop-api/notifications/twilio/status', baseUrl: twilio.baseUrl });

describe('the Twilio adapter against recorded replies', () => {
  it('sends an SMS through the Messages API with basic auth and a status callback, and answers the message SID', async () => {
    const sent = await messenger().send({ channel: 'sms', to: '+447700900123', body: 'Elmwood Health: time to log your weight.' });
    expect(sent).toEqual({ providerId: 'SM1f0e8ae6ade43cb3c0ce4525424e404f' });
    const request = twilio.seen.at(-1)!;
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(request.body).toEqual({
      To: '+447700900123',
      From: '+447700900001',
      Body: 'Elmwood Health: time to log your weight.',
      StatusCallback: 'https://shop.example/shop-api/notifications/twilio/status',
    });
  });

  it('addresses WhatsApp messages as whatsapp:+44…', async () => {
    expect(await messenger().send({ channel: 'whatsapp', to: '+447700900123', body: 'Hi' })).toEqual({ providerId: 'SMa8d7e8c1b0f94f6e9c3d2b1a09f8e7d6' });
    expect(twilio.seen.at(-1)!.body).toMatchObject({ To: 'whatsapp:+447700900123', From: 'whatsapp:+447700900002' });
  });

  it('reads an invalid number (21211) as permanent, and a rate limit (20429) as worth retrying', async () => {
    const invalid = await messenger()
      .send({ channel: 'sms', to: '+447700900000', body: 'Hi' })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(TextMessageError);
    expect(invalid).toMatchObject({ reason: 'invalid_number', permanent: true, message: "Twilio 400 (21211): Invalid 'To' Phone Number: +447700900000" });
    const limited = await messenger()
      .send({ channel: 'sms', to: '+447700900555', body: 'Hi' })
      .catch((error: unknown) => error);
    expect(limited).toMatchObject({ reason: 'rate_limited', permanent: false });
  });

  it('computes X-Twilio-Signature as Twilio documents it', () => {
    // Twilio's documented example (https://www.twilio.com/docs/usage/security#validating-requests).
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });
});

describe('SMS and WhatsApp through Twilio, in the shop', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      TEXT_MESSAGING: 'twilio',
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_SMS_FROM: '+447700900001',
      TWILIO_WHATSAPP_FROM: '+447700900002',
      TWILIO_API_URL: twilio.baseUrl,
      SITE_URL: 'https://shop.example',
    });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.database.db;

  const signedPost = (path: string, params: Record<string, string>, signature?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature ?? twilioSignature(AUTH_TOKEN, `https://shop.example${path}`, params) },
      payload: new URLSearchParams(params).toString(),
    });

  it('sends a message by SMS, records its SID, and takes its status callback only when Twilio signed it (403 otherwise)', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const id = await ctx.app.notifications.record(db(), { template: 'order-approved', customerId: patient.customerId, dedupeKey: `sms-${patient.customerId}`, data: { orderNumber: 'EH-SMS0-0001' } }, { channel: 'sms' });
    expect(await ctx.app.notifications.deliver(id!)).toBe('sent');
    const [sent] = await db().select().from(notifications).where(eq(notifications.id, id!));
    expect(sent).toMatchObject({ status: 'sent', providerId: 'SM1f0e8ae6ade43cb3c0ce4525424e404f', recipient: '+447700900123' });
    expect(String(twilio.seen.at(-1)!.body.Body)).toContain('Reply STOP to stop these messages.');

    const callback = recordings['status callback delivered']!.body as Record<string, string>;
    const forged = await signedPost('/shop-api/notifications/twilio/status', { ...callback, MessageStatus: 'failed' }, twilioSignature('not-the-token', 'https://shop.example/shop-api/notifications/twilio/status', callback));
    expect(forged.statusCode).toBe(403);
    expect((await signedPost('/shop-api/notifications/twilio/status', callback, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    expect((await db().select().from(notifications).where(eq(notifications.id, id!)))[0]!.providerStatus).toBeNull();

    expect((await signedPost('/shop-api/notifications/twilio/status', callback)).statusCode).toBe(204);
    expect((await db().select().from(notifications).where(eq(notifications.id, id!)))[0]!.providerStatus).toBe('delivered');

    // The patient replies STOP: SMS reminders stop.
    const stop = recordings['inbound STOP']!.body as Record<string, string>;
    expect((await signedPost('/shop-api/notifications/twilio/inbound', stop, 'forged')).statusCode).toBe(403);
    const replied = await signedPost('/shop-api/notifications/twilio/inbound', stop);
    expect(replied.statusCode).toBe(200);
    expect(await db().select().from(channelOptOuts).where(and(eq(channelOptOuts.customerId, patient.customerId), eq(channelOptOuts.channel, 'sms')))).toMatchObject([{ source: 'stop-reply' }]);
  });

  it('marks a message to an invalid number undeliverable (never retried), and a rate-limited one failed for the queue to retry', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const record = async (phone: string, key: string) => {
      await db().update(customersTable).set({ phoneNumber: phone }).where(eq(customersTable.id, patient.customerId));
      return (await ctx.app.notifications.record(db(), { template: 'order-approved', customerId: patient.customerId, dedupeKey: key, data: { orderNumber: 'EH-SMS0-0002' } }, { channel: 'sms' }))!;
    };
    const invalid = await record('07700 900000', `invalid-${patient.customerId}`);
    expect(await ctx.app.notifications.deliver(invalid)).toBe('undeliverable');
    const limited = await record('07700 900555', `limited-${patient.customerId}`);
    await expect(ctx.app.notifications.deliver(limited)).rejects.toThrow('20429');
    expect((await db().select().from(notifications).where(eq(notifications.id, limited)))[0]).toMatchObject({ status: 'failed' });
  });
});
