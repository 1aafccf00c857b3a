import type { Db } from '../db/client';
import { defineQueue, type Jobs } from '../lib/queue';
import { forgetAnswerRepliesBefore, QUIZ_SESSION_DAYS } from '../modules/quiz/index';

const DAY_MS = 24 * 60 * 60 * 1000;

export const answerRepliesQueue = defineQueue<Record<string, never>>('answer-replies-cleanup', { retryLimit: 3, retryDelaySeconds: 300 });
/** Daily, in the quiet of the night (UK time). */
export const ANSWER_REPLIES_SCHEDULE = '40 3 * * *';

/**
 * The replies kept for answers a device sent with an Idempotency-Key are kept as long as the quiz session that
 * could send them again, and no longer: they hold a patient's answers, and nothing else reads them.
 */
export async function forgetExpiredAnswerReplies(db: Db, now: Date): Promise<number> {
  return forgetAnswerRepliesBefore(db, new Date(now.getTime() - QUIZ_SESSION_DAYS * DAY_MS));
}

export async function workAnswerReplies(jobs: Jobs, db: Db): Promise<void> {
  await jobs.work(answerRepliesQueue, async (_data, { now }) => {
    await forgetExpiredAnswerReplies(db, now);
  });
  await jobs.schedule(answerRepliesQueue, ANSWER_REPLIES_SCHEDULE, {});
}
