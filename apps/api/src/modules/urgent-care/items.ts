import { and, eq, isNull, sql } from 'drizzle-orm';
import { allQuestions, answerInWords, GP_CONCERN_RULE_ID, questionnaireSchema, urgentItemDue, type TriggeredRule } from '@elmwood/domain';
import type { Queryable } from '../../db/client';
import { consultations, questionnaires } from '../../db/schema/quiz';
import { urgentClinicalItems } from '../../db/schema/urgent-care';

export interface OpenUrgentItemInput {
  customerId: number;
  /** The check-in whose answers raised it; absent for a signal that came without one (a side-effect report, a GP's concern). */
  consultationId?: string;
  /** What the patient said, in words, when no consultation holds it. */
  answers?: { question: string; answer: string }[];
  /** The rules that held and need a clinician (urgentRules). */
  rules: readonly TriggeredRule[];
  now: Date;
}

export interface OpenedUrgentItem {
  id: string;
  /** When the patient will have been contacted: what their email says. */
  dueAt: Date;
}

/** A check-in's answers in words, question by question, as the patient answered them. */
export async function answersInWords(tx: Pick<Queryable, 'select'>, consultationId: string, now: Date): Promise<{ question: string; answer: string }[]> {
  const [row] = await tx
    .select({ answers: consultations.answers, questionnaire: questionnaires })
    .from(consultations)
    .innerJoin(questionnaires, eq(questionnaires.id, consultations.questionnaireId))
    .where(eq(consultations.id, consultationId));
  if (!row) return [];
  const { questionnaire: q } = row;
  const questionnaire = questionnaireSchema.parse({ questionnaireId: q.id, slug: q.slug, title: q.title, taxon: q.taxon, ...q.definition });
  return allQuestions(questionnaire)
    .filter((question) => row.answers[question.id] !== undefined)
    .map((question) => ({
      question: question.question,
      answer: answerInWords({ type: question.type, options: question.answers.map((option) => ({ value: option.value, text: option.text })) }, row.answers[question.id], { today: now }),
    }));
}

/**
 * THE way a clinical signal reaches a clinician: the patient's one open urgent item, opened now or, when one is
 * already open (another plan, another check-in, a concurrent request), joined: its rules and answers added, its due
 * time the earlier of the two. One open item per patient is the database's rule (a partial unique index), so two
 * check-ins at once still make one. Runs in the caller's transaction.
 */
export async function openUrgentItem(tx: Queryable, input: OpenUrgentItemInput): Promise<OpenedUrgentItem> {
  const answers = [...(input.consultationId ? await answersInWords(tx, input.consultationId, input.now) : []), ...(input.answers ?? [])];
  const dueAt = urgentItemDue(input.rules, input.now);
  const consultationIds = input.consultationId ? [input.consultationId] : [];
  const result = await tx.execute(sql`
    insert into ${urgentClinicalItems} as item (customer_id, consultation_ids, rules, answers, due_at, created_at, updated_at)
    values (${input.customerId}, ${JSON.stringify(consultationIds)}::jsonb, ${JSON.stringify(input.rules)}::jsonb, ${JSON.stringify(answers)}::jsonb, ${dueAt.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz)
    on conflict (customer_id) where closed_at is null do update set
      consultation_ids = case when item.consultation_ids @> excluded.consultation_ids then item.consultation_ids else item.consultation_ids || excluded.consultation_ids end,
      rules = item.rules || coalesce((select jsonb_agg(rule) from jsonb_array_elements(excluded.rules) rule where not item.rules @> jsonb_build_array(rule)), '[]'::jsonb),
      -- A consultation already joined brings no answers again; answers without one (a report) are always added.
      answers = case when excluded.consultation_ids <> '[]'::jsonb and item.consultation_ids @> excluded.consultation_ids then item.answers else item.answers || excluded.answers end,
      due_at = least(item.due_at, excluded.due_at),
      updated_at = excluded.updated_at
    returning id, due_at`);
  const [row] = (result as unknown as { rows: { id: string; due_at: string | Date }[] }).rows;
  return { id: row!.id, dueAt: new Date(row!.due_at) };
}

/** When the patient's open urgent item must have been acted on; null when none is open. */
export async function openUrgentItemDue(tx: Pick<Queryable, 'select'>, customerId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ dueAt: urgentClinicalItems.dueAt })
    .from(urgentClinicalItems)
    .where(and(eq(urgentClinicalItems.customerId, customerId), isNull(urgentClinicalItems.closedAt)));
  return row?.dueAt ?? null;
}

/**
 * Whether the patient's open urgent item carries a GP's concern: their next supply is held (nothing is dispatched)
 * until a prescriber has reviewed and closed it.
 */
export async function gpConcernHolds(tx: Pick<Queryable, 'select'>, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: urgentClinicalItems.id })
    .from(urgentClinicalItems)
    .where(and(eq(urgentClinicalItems.customerId, customerId), isNull(urgentClinicalItems.closedAt), sql`${urgentClinicalItems.rules} @> ${JSON.stringify([{ ruleId: GP_CONCERN_RULE_ID }])}::jsonb`));
  return row !== undefined;
}
