import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { consultations } from '../../db/schema/quiz';
import { readQuizSession, startQuizSession } from '../../lib/quiz-session';

export { endQuizSession, QUIZ_SESSION_COOKIE, QUIZ_SESSION_DAYS, readQuizSession, startQuizSession } from '../../lib/quiz-session';

/**
 * At sign-in, the browser's consultations become the patient's. When the quiz session already belongs to someone
 * else (another patient signed in on this device before), this browser starts a fresh one instead, so nobody picks
 * up, or links to their cart, another person's answers.
 */
export async function bindQuizSession(db: Db, request: FastifyRequest, reply: FastifyReply, customerUid: string, secure: boolean): Promise<void> {
  const session = readQuizSession(request);
  if (session === null) return;
  const owner = sql`(select ${customers.id} from ${customers} where ${customers.uid} = ${customerUid})`;
  await db
    .update(consultations)
    .set({ customerId: owner })
    .where(and(eq(consultations.sessionHash, session), isNull(consultations.customerId)));
  const [foreign] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(and(eq(consultations.sessionHash, session), ne(consultations.customerId, owner)))
    .limit(1);
  if (foreign) startQuizSession(reply, secure);
}
