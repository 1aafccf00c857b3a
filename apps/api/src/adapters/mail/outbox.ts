import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/customers';
import type { Mailer, MailMessage } from './port';

/** With no SMTP server configured, mail is kept in the database and shown at /dev/mailbox. */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(message: MailMessage) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers ?? null })
        .returning({ id: mailOutbox.id });
      return { providerId: `outbox-${row!.id}` };
    },
  };
}

export async function latestOutboxMail(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
