import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { latestOutboxMail } from '../../adapters/mail/outbox';
import type { Jobs } from '../../lib/queue';
import type { SettableClock } from '../../lib/test-clock';
import { z } from 'zod';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

type OutboxRow = Awaited<ReturnType<typeof latestOutboxMail>>[number];

const SECTIONS = [
  { channel: 'email', title: 'Email' },
  { channel: 'sms', title: 'SMS' },
  { channel: 'whatsapp', title: 'WhatsApp' },
  { channel: 'push', title: 'App notifications' },
] as const;

function emailItem(mail: OutboxRow): string {
  const unsubscribe = mail.headers?.['List-Unsubscribe'];
  return (
    `<article><h3>${escapeHtml(mail.subject)}</h3><p>To ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</p>` +
    (unsubscribe ? `<p>List-Unsubscribe: ${linkify(unsubscribe.replace(/^<|>$/g, ''))}</p>` : '') +
    // The email as a mail client shows it, in a sandboxed frame (no scripts, no access to this page).
    (mail.html ? `<iframe title="${escapeHtml(mail.subject)}" sandbox="" srcdoc="${escapeHtml(mail.html)}" style="width:100%;max-width:640px;height:480px;border:1px solid #dcd8cf;border-radius:8px"></iframe>` : '') +
    `<details open><summary>Text version</summary><pre>${linkify(mail.text)}</pre></details></article>`
  );
}

function textItem(message: OutboxRow): string {
  return `<article><p>To ${escapeHtml(message.to)} · ${message.createdAt.toISOString()}</p><pre>${linkify(message.text)}</pre></article>`;
}

/** An app notification as the sandbox push service took it: the device's address and what the device would show. */
function pushItem(message: OutboxRow): string {
  return `<article><h3>${escapeHtml(message.subject)}</h3><p>To ${escapeHtml(message.to)} · ${message.createdAt.toISOString()}</p><pre>${escapeHtml(message.text)}</pre></article>`;
}

/** The messages the shop would have sent (email, SMS, WhatsApp, app notifications), for development and demos; never registered in production. */
export async function mailboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await latestOutboxMail(db, 100);
    const sections = SECTIONS.map(({ channel, title }) => {
      const items = messages.filter((message) => message.channel === channel).map((message) => (channel === 'email' ? emailItem(message) : channel === 'push' ? pushItem(message) : textItem(message)));
      return `<section aria-labelledby="${channel}"><h2 id="${channel}">${title}</h2>${items.join('\n') || `<p>No ${title === 'Email' ? 'mail' : `${title} messages`} yet.</p>`}</section>`;
    }).join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Mailbox</title><style>body{font-family:system-ui,sans-serif;margin:24px;color:#1d2b2a}pre{white-space:pre-wrap}article{border-bottom:1px solid #dcd8cf;padding:8px 0 16px}a{color:#1f5c4a}</style></head><body><main><h1>Mailbox (development only)</h1>${sections}</main></body></html>`,
      );
  });
}

/**
 * Browser tests only (TEST_CLOCK=true, never in production): moves the process's clock, gives each schedule whose
 * time the move passed one round (the hourly check-ins and renewals, the minute's messages…), as the real clock
 * would have, and asks the queue for the messages that have come due at the new time.
 */
export async function testClockRoutes(
  app: FastifyInstance,
  { clock, jobs, notifications }: { clock: SettableClock; jobs: Pick<Jobs, 'sendSchedulesPassed'>; notifications: { queueDue(): Promise<number> } },
) {
  const body = z.object({ at: z.iso.datetime({ offset: true }) });
  app.post('/dev/clock', { schema: { hide: true, body } }, async (request) => {
    const { at } = request.body as z.infer<typeof body>;
    const from = clock.now();
    clock.set(new Date(at));
    const rounds = await jobs.sendSchedulesPassed(from, clock.now());
    const queued = await notifications.queueDue();
    return { now: clock.now().toISOString(), queued, rounds };
  });
}
