import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/customers';
import { TextMessageError, type TextMessage, type TextMessenger } from './port';

/** Ofcom's drama range: numbers that are never given to anyone, which the sandbox refuses as a real provider would. */
const UNREACHABLE = /^\+447700900(?:000|999)$/;

/**
 * The SMS and WhatsApp provider outside production: the message is kept in the database (shown at /dev/mailbox
 * under 'SMS' or 'WhatsApp'), with an id like Twilio's.
 */
export function sandboxTextMessenger(db: Db): TextMessenger {
  return {
    async send(message: TextMessage) {
      if (UNREACHABLE.test(message.to)) throw new TextMessageError('invalid_number', "The 'To' number is not a valid mobile number.");
      const [row] = await db
        .insert(mailOutbox)
        .values({ channel: message.channel, to: message.to, subject: message.channel === 'whatsapp' ? 'WhatsApp' : 'SMS', text: message.body })
        .returning({ id: mailOutbox.id });
      return { providerId: `SMsandbox${String(row!.id).padStart(26, '0')}` };
    },
  };
}
