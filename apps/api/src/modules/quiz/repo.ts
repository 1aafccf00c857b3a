import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ConsultationOutcome } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { consultationAnswerSends, consultations } from '../../db/schema/index';

export interface StoredConsultation {
  id: string;
  answers: Record<string, unknown>;
  outcome: ConsultationOutcome;
  /** The row version (PostgreSQL xmin), for an update that must not overwrite a concurrent one. */
  version: string;
  /** Set once an order was made on these answers: they are its record, and the next answer starts a new consultation. */
  closedAt: Date | string | null;
}

/** The session's open consultation first, else its most recent closed one (the answers a new one starts from). */
const openFirst = [sql`${consultations.closedAt} is not null`, desc(consultations.createdAt)] as const;

/** A transaction or the database. */
type Queryable = Pick<Db, 'select' | 'insert' | 'update'>;

type Placeholder = ReturnType<typeof sql.placeholder>;

function consultationOf(db: Queryable, sessionHash: string | Placeholder, questionnaireId: number | Placeholder) {
  return db
    .select({ id: consultations.id, answers: consultations.answers, outcome: consultations.outcome, version: sql<string>`xmin::text`, closedAt: consultations.closedAt })
    .from(consultations)
    .where(and(eq(consultations.sessionHash, sessionHash), eq(consultations.questionnaireId, questionnaireId)))
    .orderBy(...openFirst)
    .limit(1);
}

/** The session's consultation; `lock` holds its row until the transaction ends (SELECT … FOR UPDATE). */
export async function findConsultation(
  db: Queryable,
  sessionHash: string,
  questionnaireId: number,
  { lock = false } = {},
): Promise<StoredConsultation | null> {
  const query = consultationOf(db, sessionHash, questionnaireId);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The read every quiz step starts with, prepared once (planned once per connection, its SQL built once). */
export function preparedConsultationLookup(db: Db): (sessionHash: string, questionnaireId: number) => Promise<StoredConsultation | null> {
  const statement = consultationOf(db, sql.placeholder('sessionHash'), sql.placeholder('questionnaireId')).prepare('quiz_consultation');
  return async (sessionHash, questionnaireId) => (await statement.execute({ sessionHash, questionnaireId }))[0] ?? null;
}

/** The session's consultation to link to a cart: its open one, else the one its last order was made on. */
export async function findConsultationId(db: Db, sessionHash: string, questionnaireId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(and(eq(consultations.sessionHash, sessionHash), eq(consultations.questionnaireId, questionnaireId)))
    .orderBy(...openFirst, asc(consultations.id))
    .limit(1);
  return row?.id ?? null;
}

export async function hasAnswers(db: Db, sessionHash: string, questionnaireId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      and(
        eq(consultations.sessionHash, sessionHash),
        eq(consultations.questionnaireId, questionnaireId),
        sql`${consultations.answers} <> '{}'::jsonb`,
      ),
    );
  return row !== undefined;
}

/** Inserts the first answers of a session; null when another request created the row first. */
export async function insertConsultation(
  db: Queryable,
  values: { sessionHash: string; questionnaireId: number; answers: Record<string, unknown>; outcome: ConsultationOutcome },
): Promise<string | null> {
  const [row] = await db.insert(consultations).values(values).onConflictDoNothing().returning({ id: consultations.id });
  return row?.id ?? null;
}

/**
 * Saves answers, never into a closed consultation (an order's record): false then. With a version, only if the row
 * is still that version (false when a concurrent request changed it first); without one, the caller holds the lock.
 */
export async function updateConsultation(
  db: Queryable,
  stored: { id: string; version?: string },
  values: { answers: Record<string, unknown>; outcome: ConsultationOutcome },
): Promise<boolean> {
  const rows = await db
    .update(consultations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(consultations.id, stored.id), isNull(consultations.closedAt), stored.version === undefined ? undefined : sql`xmin::text = ${stored.version}`))
    .returning({ id: consultations.id });
  return rows.length > 0;
}

/** The reply a consultation's answers sent with this Idempotency-Key had, or null for a key not seen in this consultation. */
export async function keptAnswerReply(db: Db, sessionKey: string, idempotencyKey: string): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ reply: consultationAnswerSends.reply })
    .from(consultationAnswerSends)
    .where(and(eq(consultationAnswerSends.sessionKey, sessionKey), eq(consultationAnswerSends.idempotencyKey, idempotencyKey)));
  return row?.reply ?? null;
}

/**
 * Forgets the replies kept before `cutoff`; answers how many. A device sends a kept change again only while its
 * consultation's session lives, so a reply older than the session can never be asked for again.
 */
export async function forgetAnswerRepliesBefore(db: Db, cutoff: Date): Promise<number> {
  const gone = await db.delete(consultationAnswerSends).where(lt(consultationAnswerSends.createdAt, cutoff)).returning({ key: consultationAnswerSends.idempotencyKey });
  return gone.length;
}

/** Keeps the reply answers sent with an Idempotency-Key had; the first kept stays (two sends at once agree on it). */
export async function keepAnswerReply(db: Db, sessionKey: string, idempotencyKey: string, reply: Record<string, unknown>): Promise<void> {
  await db.insert(consultationAnswerSends).values({ sessionKey, idempotencyKey, reply }).onConflictDoNothing();
}
