import { createHmac } from 'node:crypto';
import { outboxMailer } from '../../adapters/mail/outbox';
import type { Mailer } from '../../adapters/mail/port';
import { smtpMailer } from '../../adapters/mail/smtp';
import type { TextMessenger } from '../../adapters/messaging/port';
import { sandboxTextMessenger } from '../../adapters/messaging/sandbox';
import { twilioMessenger } from '../../adapters/messaging/twilio';
import { appNotificationsFor } from '../../adapters/web-push/choose';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/queue';
import { uploadEncryptionKey } from '../../adapters/file-store/setup';
import { createNotifications, type NotificationsDeps } from './service';

/**
 * Production always sends through SMTP (configuration refuses to start without SMTP_URL), so the database never
 * holds a sent email there; only a development or test shop keeps mail, links and all, for /dev/mailbox.
 */
export function createMailer(config: Config, db: Db): Mailer {
  if (config.SMTP_URL) return smtpMailer(config.SMTP_URL, config.MAIL_FROM);
  if (config.NODE_ENV === 'production') throw new Error('SMTP_URL is required in production');
  return outboxMailer(db);
}

export type TextMessagingMode = 'sandbox' | 'twilio' | 'off';

/** The sandbox outside production; Twilio when configured; in production without Twilio, no SMS or WhatsApp at all. */
export function textMessagingMode(config: Config): TextMessagingMode {
  if (config.TEXT_MESSAGING) return config.TEXT_MESSAGING;
  if (config.NODE_ENV !== 'production') return 'sandbox';
  return config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN ? 'twilio' : 'off';
}

export function twilioStatusCallbackUrl(config: Config): string {
  return new URL('/shop-api/notifications/twilio/status', config.SITE_URL ?? `http://localhost:${config.PORT}`).toString();
}

export function textMessengerFor(config: Config, db: Db): TextMessenger | null {
  switch (textMessagingMode(config)) {
    case 'sandbox':
      return sandboxTextMessenger(db);
    case 'twilio':
      return twilioMessenger({
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        smsFrom: config.TWILIO_SMS_FROM!,
        whatsappFrom: config.TWILIO_WHATSAPP_FROM!,
        statusCallbackUrl: twilioStatusCallbackUrl(config),
        baseUrl: config.TWILIO_API_URL,
      });
    case 'off':
      return null;
  }
}

/**
 * The key that signs unsubscribe links: the API verifies what a worker signed, so it is the same in every process
 * (AUTH_SECRET; outside production, derived from the development key kept in DATA_DIR).
 */
export function notificationSecret(config: Config): string {
  const base = config.AUTH_SECRET ?? uploadEncryptionKey(config).toString('base64');
  return createHmac('sha256', base).update('elmwood-notifications').digest('base64url');
}

/** The notifications module as configured: the app composes it, and so does a process that only runs jobs. */
export function notificationsFor(config: Config, db: Db, jobs: Jobs, options: Pick<NotificationsDeps, 'log' | 'now' | 'doseLoggedSince' | 'taskBook'>) {
  return createNotifications({
    db,
    jobs,
    mailer: createMailer(config, db),
    texts: textMessengerFor(config, db),
    push: appNotificationsFor(config, db, options.now ?? (() => new Date())),
    secret: notificationSecret(config),
    siteUrl: config.SITE_URL ?? `http://localhost:${config.PORT}`,
    brandName: config.BRAND_NAME,
    supportInbox: config.SUPPORT_INBOX,
    ...options,
  });
}
