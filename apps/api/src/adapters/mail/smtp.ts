import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './port';

/** Real SMTP through nodemailer (SMTP_URL). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      return { providerId: info.messageId };
    },
  };
}
