import { and, eq, sql } from 'drizzle-orm';
import type { ConsultationOutcome } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { consultations } from '../../db/schema/index';

export interface StoredConsultation {
  id: string;
  answers: Record<string, unknown>;
  outcome: ConsultationOutcome;
  /** The row version (PostgreSQL xmin), for an update that must not overwrite a concurrent one. */
  version: string;
}

export async function findConsultation(db: Db, sessionHash: string, questionnaireId: number): Promise<StoredConsultation | null> {
  const [row] = await db
    .select({ id: consultations.id, answers: consultations.answers, outcome: consultations.outcome, version: sql<string>`xmin::text` })
    .from(consultations)
    .where(and(eq(consultations.sessionHash, sessionHash), eq(consultations.questionnaireId, questionnaireId)));
  return row ?? null;
}

export async function findConsultationId(db: Db, sessionHash: string, questionnaireId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(and(eq(consultations.sessionHash, sessionHash), eq(consultations.questionnaireId, questionnaireId)));
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
  db: Db,
  values: { sessionHash: string; questionnaireId: number; answers: Record<string, unknown>; outcome: ConsultationOutcome },
): Promise<string | null> {
  const [row] = await db.insert(consultations).values(values).onConflictDoNothing().returning({ id: consultations.id });
  return row?.id ?? null;
}

/** Saves answers only if the row is still the version read; false when a concurrent request changed it first. */
export async function updateConsultation(
  db: Db,
  stored: Pick<StoredConsultation, 'id' | 'version'>,
  values: { answers: Record<string, unknown>; outcome: ConsultationOutcome },
): Promise<boolean> {
  const rows = await db
    .update(consultations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(consultations.id, stored.id), sql`xmin::text = ${stored.version}`))
    .returning({ id: consultations.id });
  return rows.length > 0;
}
