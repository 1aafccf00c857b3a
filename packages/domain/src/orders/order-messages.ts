import { z } from 'zod';
import { INFORMATION_ANSWER_MAX_LENGTH } from '../tasks/clinician-question';

/**
 * The conversation on an order between the patient and their prescriber (issue 33: the 'request information' step as
 * a thread). A prescriber's formal question (which holds the order for the patient's answer) is one kind of message
 * in it, the patient's answer another; either side may also simply write.
 */
export const ORDER_MESSAGE_KINDS = ['message', 'question', 'answer'] as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];

/** A patient's message may answer the prescriber's open question, so it has the answer's length. */
export const ORDER_MESSAGE_MAX_LENGTH = INFORMATION_ANSWER_MAX_LENGTH;
export const ORDER_MESSAGE_MESSAGES = {
  required: 'Please write your message.',
  tooLong: `Please keep your message under ${ORDER_MESSAGE_MAX_LENGTH} characters.`,
  notFound: 'We could not find that order.',
  accountClosed: "This patient's account has been deleted, so they can no longer read messages. Please contact them another way if you must.",
} as const;

/** POST /shop-api/orders/{number}/messages and POST /shop-api/clinic/orders/{number}/messages. */
export const orderMessageBodySchema = z.object({
  message: z
    .string(ORDER_MESSAGE_MESSAGES.required)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, ORDER_MESSAGE_MESSAGES.required)
    .refine((value) => value.length <= ORDER_MESSAGE_MAX_LENGTH, ORDER_MESSAGE_MESSAGES.tooLong)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters'),
});
export type OrderMessageBody = z.infer<typeof orderMessageBodySchema>;

export const orderMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['patient', 'prescriber']),
  /** The member of staff with their registration (e.g. 'Priya Shah (GPhC 2071234)'); null for the patient. */
  authorName: z.string().nullable(),
  kind: z.enum(ORDER_MESSAGE_KINDS),
  body: z.string(),
  /** A question that asked for a photo. */
  photoRequested: z.boolean(),
  /** The photo sent with an answer (an upload of category Q), read through the owner's or the clinic's photo route. */
  photoId: z.string().nullable(),
  sentAt: z.string(),
});
export type OrderMessage = z.infer<typeof orderMessageSchema>;

/** GET /shop-api/orders/{number}/messages: the patient's side of the conversation, oldest first. */
export const orderThreadSchema = z.object({
  orderNumber: z.string(),
  messages: z.array(orderMessageSchema),
  /** The prescriber's question the order waits on: a message now answers it (a photo, when asked, is sent from its task). */
  openQuestion: z.object({ taskId: z.string(), photoRequested: z.boolean() }).nullable(),
});
export type OrderThread = z.infer<typeof orderThreadSchema>;

/** GET /shop-api/clinic/orders/{number}/messages: the clinic's side, with whether the patient waits for a reply. */
export const clinicOrderThreadSchema = z.object({
  orderNumber: z.string(),
  patient: z.object({ name: z.string() }),
  messages: z.array(orderMessageSchema),
  awaitingReply: z.boolean(),
  /** The patient deleted their account: the thread is kept with the order, and nobody can write to them here. */
  closed: z.boolean(),
});
export type ClinicOrderThread = z.infer<typeof clinicOrderThreadSchema>;

/** GET /shop-api/clinic/order-messages/unanswered: orders whose patient wrote last, the longest wait first. */
export const unansweredOrderMessagesSchema = z.object({
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      patient: z.object({ name: z.string() }),
      /** The first of the patient's messages since the clinic last wrote. */
      waitingSince: z.string(),
      unanswered: z.number().int(),
    }),
  ),
});
export type UnansweredOrderMessages = z.infer<typeof unansweredOrderMessagesSchema>;

/**
 * Whether the patient waits for a reply: their last message is a free one (an answer to a formal question is not,
 * as it puts the order back in the review queue, where the prescriber decides on it).
 */
export function awaitsReply(messages: readonly Pick<OrderMessage, 'from' | 'kind'>[]): boolean {
  const last = messages.at(-1);
  return last !== undefined && last.from === 'patient' && last.kind === 'message';
}
