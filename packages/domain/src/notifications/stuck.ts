import { z } from 'zod';

/**
 * A message is handed to its provider once: a send claims it ('sending') and a crash mid-send leaves it there, never
 * retried by itself (it may have gone). After this long nobody is still sending it, so the clinic is shown it.
 */
export const STUCK_MESSAGE_MINUTES = 15;

/** Claimed strictly more than STUCK_MESSAGE_MINUTES before `now`. */
export const stuckBefore = (now: Date): Date => new Date(now.getTime() - STUCK_MESSAGE_MINUTES * 60_000);

export const STUCK_MESSAGE_TWICE_WARNING = 'The patient may get this message twice: we cannot tell whether the first try reached them.';

/**
 * The address for staff to recognise, never to read in full: the first letter of an email's name and its domain
 * ('j•••@example.com'), or a phone number's last three digits ('•••• 789').
 */
export function maskRecipient(recipient: string, channel: string): string {
  if (channel === 'email') {
    const at = recipient.lastIndexOf('@');
    return at > 0 ? `${recipient[0]}•••${recipient.slice(at)}` : '•••';
  }
  const digits = recipient.replace(/\D/g, '');
  return digits.length > 3 ? `•••• ${digits.slice(-3)}` : '•••';
}

/** GET /shop-api/clinic/messages: messages left in 'sending', longest stuck first (never their content). */
export const stuckMessagesSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      template: z.string(),
      channel: z.string(),
      /** When the send that never finished claimed it. */
      claimedAt: z.string(),
      patient: z.object({ name: z.string() }),
      recipient: z.string().describe('masked'),
    }),
  ),
});
export type StuckMessages = z.infer<typeof stuckMessagesSchema>;
export type StuckMessage = StuckMessages['messages'][number];

export const STUCK_MESSAGE_ACTIONS = ['send-again', 'mark-sent'] as const;
export type StuckMessageAction = (typeof STUCK_MESSAGE_ACTIONS)[number];

/** POST /shop-api/clinic/messages/:id/send-again|mark-sent: the message's status after the action (or after the first click). */
export const stuckMessageReplySchema = z.object({ id: z.number().int(), status: z.string() });
export type StuckMessageReply = z.infer<typeof stuckMessageReplySchema>;
