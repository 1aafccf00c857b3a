import { and, desc, eq, gte } from 'drizzle-orm';
import {
  addDays,
  adviceFor,
  SIDE_EFFECT_TRIAGE_RULES,
  DIARY_MAX_DAYS_BACK,
  DIARY_MESSAGES,
  moderateStretchStart,
  SIDE_EFFECT_RED_FLAGS,
  SIDE_EFFECT_SEVERITIES,
  SIDE_EFFECT_SYMPTOMS,
  triageSideEffect,
  ukCalendarDate,
  type DiaryEntry,
  type DiaryEntryBody,
  type DiaryEntryReply,
  type SideEffectRedFlag,
  type SideEffectSeverity,
  type SideEffectSymptom,
  type SideEffectTriage,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { sideEffectDiaryEntries } from '../../db/schema/companion';
import { AppError } from '../../lib/errors';

type DiaryRow = typeof sideEffectDiaryEntries.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What follows a diary entry the triage did not leave to self-care, in the transaction that kept it (the side-effect
 * workflow, handed in where the modules are composed): the patient's urgent clinical item opened or joined. Answers when
 * the patient will have been contacted.
 */
export type SideEffectLogged = (tx: Tx, input: { customerId: number; entryId: string; triage: SideEffectTriage; answers: { question: string; answer: string }[] }) => Promise<{ contactBy: Date | null }>;

export function toDiaryEntry(row: DiaryRow): DiaryEntry {
  return {
    id: row.id,
    symptom: row.symptom as SideEffectSymptom,
    severity: row.severity as SideEffectSeverity,
    occurredOn: row.occurredOn,
    redFlags: row.redFlags as SideEffectRedFlag[],
    note: row.note,
    outcome: row.outcome as DiaryEntry['outcome'],
    loggedAt: row.createdAt.toISOString(),
  };
}

/** The patient's diary, newest first (the clinic reads it too). */
export async function diaryRowsOf(db: Pick<Db, 'select'>, customerId: number, limit = 200): Promise<DiaryRow[]> {
  return db.select().from(sideEffectDiaryEntries).where(eq(sideEffectDiaryEntries.customerId, customerId)).orderBy(desc(sideEffectDiaryEntries.occurredOn), desc(sideEffectDiaryEntries.createdAt)).limit(limit);
}

const fieldError = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', `body.${field}: ${message}`, { issues: [{ field: `body.${field}`, message }] });

/** The entry in words, question by question, for the clinician who takes the item. */
function answersOf(body: DiaryEntryBody): { question: string; answer: string }[] {
  return [
    { question: 'Side effect (diary)', answer: SIDE_EFFECT_SYMPTOMS[body.symptom] },
    { question: 'How bad is it?', answer: SIDE_EFFECT_SEVERITIES[body.severity] },
    { question: 'When?', answer: body.occurredOn },
    { question: 'Warning signs', answer: body.redFlags.length ? body.redFlags.map((flag) => SIDE_EFFECT_RED_FLAGS[flag]).join('; ') : 'None of these' },
    ...(body.note ? [{ question: 'Anything else?', answer: body.note }] : []),
  ];
}

export interface DiaryServiceDeps {
  db: Db;
  now: () => Date;
  sideEffectLogged: SideEffectLogged;
}

/**
 * The side-effect diary (issue 35): each entry triaged as it is logged (triageSideEffect, the one rule set), with the
 * patient's earlier entries for the two-week rule; what the rules ask of a clinician happens in the same transaction.
 */
export function createDiaryService({ db, now, sideEffectLogged }: DiaryServiceDeps) {
  return {
    async list(customerId: number): Promise<{ entries: DiaryEntry[] }> {
      return { entries: (await diaryRowsOf(db, customerId)).map(toDiaryEntry) };
    },

    /** One entry per Idempotency-Key: a retry answers the entry it made, and raises nothing again. */
    async log(customerId: number, body: DiaryEntryBody, clientKey?: string): Promise<DiaryEntryReply> {
      const today = ukCalendarDate(now());
      if (body.occurredOn > today) throw fieldError('occurredOn', DIARY_MESSAGES.future);
      if (body.occurredOn < addDays(today, -DIARY_MAX_DAYS_BACK)) throw fieldError('occurredOn', DIARY_MESSAGES.tooOld);
      return db.transaction(async (tx) => {
        if (clientKey) {
          const [earlier] = await tx.select().from(sideEffectDiaryEntries).where(and(eq(sideEffectDiaryEntries.customerId, customerId), eq(sideEffectDiaryEntries.clientKey, clientKey)));
          if (earlier) return { ...replyFor(earlier), contactBy: null };
        }
        // The same symptom's entries of the last weeks: enough to find the stretch this entry ends.
        const recent = await tx
          .select()
          .from(sideEffectDiaryEntries)
          .where(and(eq(sideEffectDiaryEntries.customerId, customerId), eq(sideEffectDiaryEntries.symptom, body.symptom), gte(sideEffectDiaryEntries.occurredOn, addDays(body.occurredOn, -DIARY_MAX_DAYS_BACK))))
          .for('update');
        const earlier = recent.map((row) => ({ symptom: row.symptom as SideEffectSymptom, severity: row.severity as SideEffectSeverity, occurredOn: row.occurredOn }));
        const stretchStart = moderateStretchStart([...earlier, { symptom: body.symptom, severity: body.severity, occurredOn: body.occurredOn }], body.symptom);
        const reviewAskedInStretch = stretchStart !== null && recent.some((row) => row.reviewAsked && row.occurredOn >= stretchStart);
        const triage = triageSideEffect({ ...body, redFlags: body.redFlags }, { earlier, reviewAskedInStretch });
        const [row] = await tx
          .insert(sideEffectDiaryEntries)
          .values({
            customerId,
            symptom: body.symptom,
            severity: body.severity,
            occurredOn: body.occurredOn,
            redFlags: body.redFlags,
            note: body.note || null,
            outcome: triage.outcome,
            rules: triage.rules,
            reviewAsked: triage.rules.some((rule) => rule.ruleId === 'side-effect-moderate-two-weeks'),
            clientKey: clientKey ?? null,
          })
          .onConflictDoNothing({ target: [sideEffectDiaryEntries.customerId, sideEffectDiaryEntries.clientKey] })
          .returning();
        if (!row) {
          // The same key, sent at the same moment by a retry: the first one's entry.
          const [first] = await tx.select().from(sideEffectDiaryEntries).where(and(eq(sideEffectDiaryEntries.customerId, customerId), eq(sideEffectDiaryEntries.clientKey, clientKey!)));
          return { ...replyFor(first!), contactBy: null };
        }
        const { contactBy } = triage.outcome === 'self-care' ? { contactBy: null } : await sideEffectLogged(tx, { customerId, entryId: row!.id, triage, answers: answersOf(body) });
        return { entry: toDiaryEntry(row!), outcome: triage.outcome, instructions: triage.instructions, advice: triage.advice ? { ...triage.advice, advice: [...triage.advice.advice] } : null, contactBy: contactBy?.toISOString() ?? null };
      });
    },
  };
}
export type DiaryService = ReturnType<typeof createDiaryService>;

/** A repeat's reply: the entry as kept, with the instructions of the rules that held then (nothing raised again). */
function replyFor(row: DiaryRow): Omit<DiaryEntryReply, 'contactBy'> {
  const instructions = row.rules.flatMap((held) => {
    const rule = SIDE_EFFECT_TRIAGE_RULES.find((candidate) => candidate.id === held.ruleId);
    return rule ? [{ ruleId: rule.id, text: rule.instruction, contact: rule.contact }] : [];
  });
  const advice = row.outcome === 'self-care' ? adviceFor(row.symptom as SideEffectSymptom) : null;
  return { entry: toDiaryEntry(row), outcome: row.outcome as DiaryEntry['outcome'], instructions, advice: advice ? { ...advice, advice: [...advice.advice] } : null };
}
