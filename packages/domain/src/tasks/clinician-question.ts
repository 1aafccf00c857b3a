import { z } from 'zod';

/** The longest answer a patient may write to a prescriber's question. */
export const INFORMATION_ANSWER_MAX_LENGTH = 2000;

export const INFORMATION_ANSWER_MESSAGES = {
  needed: 'Please write your answer to our prescriber.',
  neededWithPhoto: 'Please add the photo our prescriber asked for, or write your answer.',
  photoNotAsked: 'Our prescriber did not ask for a photo. Please write your answer instead.',
  photoNotFound: 'We could not find that photo. Please add it again.',
  tooLong: `Please keep your answer under ${INFORMATION_ANSWER_MAX_LENGTH} characters.`,
  notAQuestion: 'This task is not a question from our prescriber.',
  answerIt: "This task is completed by answering our prescriber's question.",
} as const;

/** What a prescriber's question asks, as the task carries it (details.configuration). */
export interface ClinicianQuestion {
  question: string;
  photoRequested: boolean;
  askedBy: string | null;
}

/** The question on a task's configuration, or null when it carries none. */
export function clinicianQuestionOf(configuration: Record<string, unknown>): ClinicianQuestion | null {
  if (typeof configuration.question !== 'string' || configuration.question.length === 0) return null;
  return {
    question: configuration.question,
    photoRequested: configuration.photoRequested === true,
    askedBy: typeof configuration.askedBy === 'string' ? configuration.askedBy : null,
  };
}

/** POST /shop-api/tasks/{id}/answer: the words, the photo asked for (an upload of category Q), or both. */
export const informationAnswerSchema = z.object({
  text: z.string().max(INFORMATION_ANSWER_MAX_LENGTH, INFORMATION_ANSWER_MESSAGES.tooLong).optional(),
  photoId: z.uuid().optional(),
});
export type InformationAnswer = z.infer<typeof informationAnswerSchema>;

/**
 * What keeps an answer from being sent, or null when it will do: an answer needs words, or the photo when one was
 * asked for (a patient who cannot take it says so in words, and the prescriber decides); a photo nobody asked for is
 * refused.
 */
export function informationAnswerProblem(answer: InformationAnswer, photoRequested: boolean): string | null {
  const text = answer.text?.trim() ?? '';
  if (text.length > INFORMATION_ANSWER_MAX_LENGTH) return INFORMATION_ANSWER_MESSAGES.tooLong;
  if (answer.photoId && !photoRequested) return INFORMATION_ANSWER_MESSAGES.photoNotAsked;
  if (text.length === 0 && !answer.photoId) return photoRequested ? INFORMATION_ANSWER_MESSAGES.neededWithPhoto : INFORMATION_ANSWER_MESSAGES.needed;
  return null;
}
