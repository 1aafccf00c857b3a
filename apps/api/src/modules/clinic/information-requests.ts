import { eq } from 'drizzle-orm';
import type { OrderReview } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { informationAnswers } from '../../db/schema/information';
import type { OrderEventRow } from '../../lifecycle/index';

type InformationRequest = OrderReview['informationRequests'][number];

/**
 * The prescriber's questions on an order (its information_requested events, oldest first), each with the patient's
 * answer, or none: never answered, or still with the patient (the last question while the order waits on them).
 */
export async function informationRequestsOf(db: Pick<Db, 'select'>, order: { id: number; state: string }, history: readonly OrderEventRow[]): Promise<InformationRequest[]> {
  const questions = history.filter((event) => event.machine === 'order' && event.event === 'information_requested');
  if (questions.length === 0) return [];
  const answers = new Map((await db.select().from(informationAnswers).where(eq(informationAnswers.orderId, order.id))).map((row) => [row.questionEventId, row]));
  return questions.map((event, index) => {
    const data = event.data ?? {};
    const answer = answers.get(event.id);
    const prescriber = data.prescriber as { label?: unknown } | undefined;
    return {
      question: typeof data.question === 'string' ? data.question : (event.reason ?? ''),
      photoRequested: data.photoRequested === true,
      askedBy: typeof prescriber?.label === 'string' ? prescriber.label : null,
      askedAt: event.createdAt.toISOString(),
      answer: answer ? { text: answer.text, photo: answer.uploadId ? { id: answer.uploadId } : null, answeredAt: answer.createdAt.toISOString() } : null,
      waiting: !answer && index === questions.length - 1 && order.state === 'awaiting_patient',
    };
  });
}
