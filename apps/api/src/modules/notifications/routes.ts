import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { customers } from '../../db/schema/customers';
import { and, desc, eq } from 'drizzle-orm';
import { apiErrorSchema, injectionRemindersReplySchema, pushDeviceSchema, pushSettingsSchema, pushSubscriptionSchema, reminderSettingsSchema, DEFAULT_REMINDER_SETTINGS } from '@elmwood/domain';
import { validTwilioSignature } from '../../adapters/messaging/twilio';
import { notifications } from '../../db/schema/notifications';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import { channelPreferences, turnChannelOff, turnChannelOn } from './preferences';
import type { PushChannel } from './push';
import type { Reminders } from './reminders';
import { CHANNELS, readUnsubscribeToken, type Channel } from './unsubscribe';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const CHANNEL_NAMES: Record<Channel, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'app notification' };
export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link in your latest message, or change your reminders in your account.';

function page(reply: FastifyReply, status: number, brandName: string, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    // Under the API's policy (nothing may load) its own inline styles would not apply; it needs them and its form only.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
    .send(
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – ${escapeHtml(brandName)}</title>` +
        `<style>body{margin:0;background:#f6f4ef;color:#1d2b2a;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}main{max-width:480px;margin:48px auto;padding:24px;background:#fff;border:1px solid #dcd8cf;border-radius:12px}h1{font-size:22px;line-height:1.2;margin:0 0 16px}button{background:#1f5c4a;color:#fff;border:0;border-radius:8px;padding:12px 20px;font:inherit;font-weight:600;cursor:pointer}button:hover{background:#174a3b}button:focus-visible{outline:3px solid #f2c14e;outline-offset:2px}a{color:#1f5c4a}</style></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

/**
 * One-click unsubscribe (RFC 8058): the link in each email's List-Unsubscribe header takes a POST with no login and
 * turns that channel off for reminders and nudges. Opening the link in a browser shows a button that does the same
 * (a GET changes nothing, so link scanners cannot unsubscribe anyone).
 */
export async function notificationRoutes(app: FastifyInstance, { db, secret, brandName }: { db: Db; secret: string; brandName: string }) {
  // Mail providers post 'List-Unsubscribe=One-Click' as a form; its content is not needed, only the token in the link.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const query = z.object({ token: z.string().max(500).optional() });

  async function patientOf(token: string | undefined) {
    const read = token ? readUnsubscribeToken(secret, token) : null;
    if (!read) return null;
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.uid, read.customerUid));
    return customer ? { customerId: customer.id, channel: read.channel } : null;
  }

  app.get('/notifications/unsubscribe', { schema: { querystring: query, hide: true } }, async (request, reply) => {
    const { token } = request.query as z.infer<typeof query>;
    const target = await patientOf(token);
    if (!target) return page(reply, 400, brandName, 'Link not valid', `<p>${escapeHtml(INVALID_UNSUBSCRIBE_LINK)}</p>`);
    const channel = CHANNEL_NAMES[target.channel];
    return page(
      reply,
      200,
      brandName,
      `Stop reminders by ${channel}?`,
      `<p>You will no longer get weight reminders or task nudges by ${channel}. We will still send you messages about your orders and your account.</p>` +
        `<form method="post" action="?token=${encodeURIComponent(token!)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  app.post('/notifications/unsubscribe', { schema: { querystring: query, hide: true } }, async (request, reply) => {
    const { token } = request.query as z.infer<typeof query>;
    const target = await patientOf(token);
    if (!target) return page(reply, 400, brandName, 'Link not valid', `<p>${escapeHtml(INVALID_UNSUBSCRIBE_LINK)}</p>`);
    await turnChannelOff(db, target.customerId, target.channel, 'unsubscribe-link');
    const channel = CHANNEL_NAMES[target.channel];
    return page(reply, 200, brandName, 'You have unsubscribed', `<p role="status">You will no longer get reminders by ${channel}. You can turn them back on in your account, under Reminders.</p>`);
  });
}

const NO_STORE = 'private, no-store';

/** The signed-in patient's reminder and channel preferences: only ever their own. */
export async function reminderRoutes(app: FastifyInstance, { reminders, auth, db }: { reminders: Reminders; auth: SignedInPatients; db: Db }) {
  const settingsReply = z.object({ settings: reminderSettingsSchema, isSaved: z.boolean(), nextReminderAt: z.string().nullable() });

  app.get('/account/reminders', { schema: { tags: ['reminders'], summary: "The patient's weight reminder (SPEC §9 defaults until saved)" } }, async (request, reply) => {
    const customer = await auth.customer(requireCustomer(request));
    return reply.header('cache-control', NO_STORE).send(settingsReply.parse(await reminders.get(customer.id)));
  });

  app.put(
    '/account/reminders',
    { schema: { tags: ['reminders'], summary: 'Save the weight reminder: replaces the queued send, and completes the reminder set-up task', response: { 422: apiErrorSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const saved = await reminders.save(customer.id, request.body ?? DEFAULT_REMINDER_SETTINGS);
      return reply.header('cache-control', NO_STORE).send(saved);
    },
  );

  app.get(
    '/account/reminders/injection',
    { schema: { tags: ['reminders'], summary: "The patient's injection-day reminder (off until saved)", response: { 200: injectionRemindersReplySchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await reminders.getInjection(customer.id));
    },
  );

  app.put(
    '/account/reminders/injection',
    {
      schema: {
        tags: ['reminders'],
        summary: "Save the injection-day reminder ('Time for your weekly dose' on the chosen day and time), with a nudge the day after when no dose is logged",
        response: { 200: injectionRemindersReplySchema, 422: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await reminders.saveInjection(customer.id, request.body ?? {}));
    },
  );

  const preferences = z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean(), push: z.boolean() }).partial().strict();
  app.get('/account/notification-preferences', { schema: { tags: ['reminders'], summary: 'Which channels reminders and nudges may use' } }, async (request, reply) => {
    const customer = await auth.customer(requireCustomer(request));
    return reply.header('cache-control', NO_STORE).send(await channelPreferences(db, customer.id));
  });
  app.put(
    '/account/notification-preferences',
    { schema: { tags: ['reminders'], summary: 'Turn channels on or off for reminders and nudges', body: preferences } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const body = request.body as z.infer<typeof preferences>;
      for (const channel of CHANNELS) {
        if (body[channel] === true) await turnChannelOn(db, customer.id, channel);
        if (body[channel] === false) await turnChannelOff(db, customer.id, channel, 'account');
      }
      return reply.header('cache-control', NO_STORE).send(await channelPreferences(db, customer.id));
    },
  );
}

/**
 * App notifications (Web Push): the key a device subscribes with, and the signed-in patient's own devices, recorded
 * when they turn notifications on and removed when they turn them off or log out there. Anyone else's device is 404.
 */
export async function pushRoutes(app: FastifyInstance, { push, auth }: { push: PushChannel; auth: SignedInPatients }) {
  const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
  app.get('/account/push', { schema: { tags: ['reminders'], summary: 'Whether the shop sends app notifications, its VAPID public key, and the patient’s devices', response: { 200: pushSettingsSchema, ...errors } } }, async (request, reply) => {
    const customer = await auth.customer(requireCustomer(request));
    return reply.header('cache-control', NO_STORE).send(await push.settings(customer.id));
  });
  app.put(
    '/account/push-subscriptions',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Record this device’s push subscription (PushSubscription.toJSON()); turns app notifications on',
        body: pushSubscriptionSchema,
        response: { 200: pushDeviceSchema, 201: pushDeviceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const { device, created } = await push.subscribe(customer.id, request.body as z.infer<typeof pushSubscriptionSchema>);
      return reply.status(created ? 201 : 200).header('cache-control', NO_STORE).send(device);
    },
  );
  app.delete(
    '/account/push-subscriptions/:id',
    { schema: { tags: ['reminders'], summary: 'Stop app notifications on one of the patient’s devices', params: z.object({ id: z.uuid() }), response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      await push.unsubscribe(customer.id, (request.params as { id: string }).id);
      return reply.status(204).send(null);
    },
  );
}

/** Replies to STOP that Twilio (and carriers) treat as opting out. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);

/**
 * Twilio's callbacks: each message's delivery status, and the patient's replies (STOP turns that channel off). Each
 * request must carry a valid X-Twilio-Signature for the public URL it was posted to, or it is refused (403).
 */
export async function twilioRoutes(app: FastifyInstance, { db, authToken, publicBase }: { db: Db; authToken: string; publicBase: string }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  function verified(request: { url: string; body: unknown; headers: Record<string, unknown> }): Record<string, string> {
    const params = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
    const signature = request.headers['x-twilio-signature'];
    if (!validTwilioSignature(authToken, new URL(request.url, publicBase).toString(), params, typeof signature === 'string' ? signature : undefined)) {
      throw new AppError(403, 'INVALID_SIGNATURE', 'This request is not signed by Twilio.');
    }
    return params;
  }

  app.post('/notifications/twilio/status', { schema: { hide: true } }, async (request, reply) => {
    const params = verified(request);
    const sid = params.MessageSid ?? params.SmsSid;
    const status = params.MessageStatus ?? params.SmsStatus;
    if (sid && status) await db.update(notifications).set({ providerStatus: status.slice(0, 40) }).where(eq(notifications.providerId, sid));
    return reply.status(204).send();
  });

  app.post('/notifications/twilio/inbound', { schema: { hide: true } }, async (request, reply) => {
    const params = verified(request);
    const from = params.From ?? '';
    const channel: Channel = from.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
    const number = from.replace(/^whatsapp:/, '');
    const stop = params.OptOutType === 'STOP' || STOP_WORDS.has((params.Body ?? '').trim().toUpperCase());
    if (stop && number) {
      // The patient is whoever we last messaged at that number on that channel.
      const [last] = await db
        .select({ customerId: notifications.customerId })
        .from(notifications)
        .where(and(eq(notifications.recipient, number), eq(notifications.channel, channel)))
        .orderBy(desc(notifications.id))
        .limit(1);
      if (last?.customerId) await turnChannelOff(db, last.customerId, channel, 'stop-reply');
    }
    return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
}
