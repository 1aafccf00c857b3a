import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { latestOutboxMail } from '../../adapters/mail/outbox';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The mail the shop would have sent, for development and demos; never registered in production. */
export async function mailboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await latestOutboxMail(db);
    const items = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</p><pre>${linkify(mail.text)}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Mailbox</title></head><body><main><h1>Mailbox (development only)</h1>${items || '<p>No mail yet.</p>'}</main></body></html>`,
      );
  });
}
