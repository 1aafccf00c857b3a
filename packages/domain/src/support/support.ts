import { z } from 'zod';

/** SPEC §8: a missing field reads 'Required'. */
export const SUPPORT_REQUIRED_MESSAGE = 'Required';
export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_SUBJECT_TOO_LONG = `Please keep the subject to ${SUPPORT_SUBJECT_MAX} characters or fewer`;
export const SUPPORT_MESSAGE_TOO_LONG = `Please keep your message to ${SUPPORT_MESSAGE_MAX} characters or fewer`;
export const SUPPORT_THREAD_NOT_FOUND = 'We could not find that conversation.';

/** Trimmed text, required, at most `max` characters, never a NUL (PostgreSQL cannot store it). */
function supportText(max: number, tooLong: string) {
  return z
    .string(SUPPORT_REQUIRED_MESSAGE)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, SUPPORT_REQUIRED_MESSAGE)
    .refine((value) => value.length <= max, tooLong)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');
}

export const supportSubjectSchema = supportText(SUPPORT_SUBJECT_MAX, SUPPORT_SUBJECT_TOO_LONG);
export const supportBodySchema = supportText(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG);

export const SUPPORT_PHOTO_NOT_FOUND = 'We could not find that photo. Please attach it again.';

/** A patient's new message to the clinic: 'Subject' and 'Message', and a photo they uploaded for it (optional). */
export const newSupportThreadSchema = z.object({
  subject: supportSubjectSchema,
  message: supportBodySchema,
  photoId: z.uuid().optional().describe('An upload of category S, sent first to /shop-api/messages/category/S'),
});
export type NewSupportThread = z.infer<typeof newSupportThreadSchema>;

/** A further message in a conversation, from the patient or the clinic. */
export const supportReplySchema = z.object({ message: supportBodySchema });
export type SupportReply = z.infer<typeof supportReplySchema>;

/** Who wrote a message: the patient, or the clinic (a member of staff, shown by first name and the team). */
export const SUPPORT_AUTHORS = ['patient', 'clinic'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

export const supportMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(SUPPORT_AUTHORS),
  /** 'You' is the web's word for the patient; the clinic's messages carry the member's first name. */
  authorName: z.string().nullable(),
  body: z.string(),
  /** The attached photo's upload id, read through the owner's or the clinic's photo route. */
  photoId: z.string().nullable(),
  sentAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** 'awaiting_clinic' while the last message is the patient's; 'answered' once the clinic has replied to it. */
export const SUPPORT_THREAD_STATUSES = ['awaiting_clinic', 'answered'] as const;
export type SupportThreadStatus = (typeof SUPPORT_THREAD_STATUSES)[number];

export function supportThreadStatus(lastFrom: SupportAuthor): SupportThreadStatus {
  return lastFrom === 'patient' ? 'awaiting_clinic' : 'answered';
}

/** What the patient reads of a status. */
export const SUPPORT_STATUS_LABELS: Record<SupportThreadStatus, string> = {
  awaiting_clinic: 'Waiting for our reply',
  answered: 'Replied',
};

export const supportThreadSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  status: z.enum(SUPPORT_THREAD_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(supportMessageSchema),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

export const supportThreadListSchema = z.object({ threads: z.array(supportThreadSchema) });
export type SupportThreadList = z.infer<typeof supportThreadListSchema>;

/** The clinic's inbox: conversations waiting for a reply, oldest wait first. */
export const supportInboxSchema = z.object({
  threads: z.array(
    z.object({
      id: z.uuid(),
      subject: z.string(),
      status: z.enum(SUPPORT_THREAD_STATUSES),
      patient: z.object({ name: z.string() }),
      waitingSince: z.string(),
      messageCount: z.number().int(),
    }),
  ),
});
export type SupportInbox = z.infer<typeof supportInboxSchema>;

/** A conversation as support staff read it: the patient named, every message. */
export const clinicSupportThreadSchema = supportThreadSchema.extend({
  patient: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type ClinicSupportThread = z.infer<typeof clinicSupportThreadSchema>;
