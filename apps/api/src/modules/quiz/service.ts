import { isDeepStrictEqual } from 'node:util';
import { evaluateConsultation, ukToday, type ConsultationOutcome, type Questionnaire, type QuizState } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { CheckedAnswers } from './answers';
import { findConsultation, insertConsultation, preparedConsultationLookup, updateConsultation } from './repo';

export interface QuizServiceOptions {
  db: Db;
  /** The UK calendar date ages are computed on; tests may fix it. */
  today?: () => string;
}

export interface SaveAnswersInput {
  questionnaire: Questionnaire;
  /** This browser's quiz session, or null before its first answer. */
  sessionHash: string | null;
  /** Starts a session (sets the cookie) and returns its hash; called at most once. */
  startSession: () => string;
  answers: CheckedAnswers;
  withRecommendations: boolean;
}

export interface QuizService {
  saveAnswers(input: SaveAnswersInput): Promise<QuizState>;
  /** The consultation this browser has for the questionnaire, evaluated now; null when it has none. */
  current(questionnaire: Questionnaire, sessionHash: string): Promise<QuizState | null>;
}

export function toQuizState(
  questionnaire: Questionnaire,
  consultationId: string,
  answers: Record<string, unknown>,
  outcome: ConsultationOutcome,
  changedAnswers: string[],
  withRecommendations: boolean,
): QuizState {
  return {
    consultationId,
    questionnaireId: questionnaire.questionnaireId,
    slug: questionnaire.slug,
    answers,
    changedAnswers,
    bmi: outcome.facts.bmi ?? null,
    weight: outcome.facts.weight ?? null,
    height: outcome.facts.height ?? null,
    eligibleProducts: outcome.eligibleProducts,
    ineligibleProducts: outcome.ineligibleProducts,
    recommendations: withRecommendations ? outcome.recommendations : [],
    preferredProduct: outcome.preferredProduct,
    preferredVariant: outcome.preferredVariant,
    rejection: outcome.rejection,
    allowedVariants: outcome.allowedVariants,
    flags: { complete: outcome.complete, rejected: outcome.rejection !== null },
    aliasMapping: {},
  };
}

/**
 * Merges submitted answers into the stored ones and re-evaluates on the server. Answers to questions that no
 * longer apply (hidden by a changed answer, or removed from the questionnaire) are dropped, so the stored
 * consultation is exactly what the decision was made on.
 */
function merge(questionnaire: Questionnaire, previous: Record<string, unknown>, submitted: CheckedAnswers, today: string) {
  const merged: Record<string, unknown> = { ...previous };
  for (const [questionId, value] of submitted) {
    if (value === null) delete merged[questionId];
    else merged[questionId] = value;
  }
  const outcome = evaluateConsultation(questionnaire, merged, today);
  // An answer the rules refuse given the others (a goal weight above today's weight) is not stored: it is sent back
  // with its message, as a malformed answer would be.
  const refused = outcome.invalidAnswers.find((invalid) => submitted.get(invalid.questionId) != null);
  if (refused) throw badRequest('INVALID_ANSWER', refused.message, { questionId: refused.questionId, message: refused.message });
  const visible = new Set(outcome.visibleQuestions);
  const answers = Object.fromEntries(Object.entries(merged).filter(([questionId]) => visible.has(questionId)));
  const changed = [...new Set([...Object.keys(previous), ...Object.keys(answers)])].filter(
    (questionId) => !isDeepStrictEqual(previous[questionId], answers[questionId]),
  );
  return { answers, outcome, changed };
}

export function createQuizService({ db, today = () => ukToday(new Date()) }: QuizServiceOptions): QuizService {
  const lookUp = preparedConsultationLookup(db);
  return {
    async saveAnswers({ questionnaire, sessionHash, startSession, answers: submitted, withRecommendations }) {
      const questionnaireId = questionnaire.questionnaireId;
      const toState = (id: string, merged: ReturnType<typeof merge>) =>
        toQuizState(questionnaire, id, merged.answers, merged.outcome, merged.changed, withRecommendations);

      // Fast path, without a transaction: read, evaluate, then write only if nobody wrote in between.
      const stored = sessionHash ? await lookUp(sessionHash, questionnaireId) : null;
      const merged = merge(questionnaire, stored?.answers ?? {}, submitted, today());
      const session = sessionHash ?? startSession();
      if (!stored || stored.closedAt) {
        // A closed consultation is an order's clinical record: the change starts a new one from its answers.
        const id = await insertConsultation(db, { sessionHash: session, questionnaireId, answers: merged.answers, outcome: merged.outcome });
        if (id) return toState(id, merged);
      } else {
        if (merged.changed.length === 0 && isDeepStrictEqual(stored.outcome, merged.outcome)) return toState(stored.id, merged);
        if (await updateConsultation(db, stored, { answers: merged.answers, outcome: merged.outcome })) return toState(stored.id, merged);
      }

      // Another request of this browser saved at the same moment: merge again under the row's lock.
      // (Or an order closed the consultation meanwhile: a new one starts from its answers.)
      return db.transaction(async (tx) => {
        const latest = await findConsultation(tx, session, questionnaireId);
        const seed = latest?.closedAt ? latest.answers : {};
        await insertConsultation(tx, { sessionHash: session, questionnaireId, answers: seed, outcome: evaluateConsultation(questionnaire, seed, today()) });
        const locked = await findConsultation(tx, session, questionnaireId, { lock: true });
        if (!locked || locked.closedAt) throw new AppError(409, 'CONCURRENT_UPDATE', 'Your answers could not be saved just now. Please try again.');
        const again = merge(questionnaire, locked.answers, submitted, today());
        await updateConsultation(tx, { id: locked.id }, { answers: again.answers, outcome: again.outcome });
        return toState(locked.id, again);
      });
    },

    async current(questionnaire, sessionHash) {
      const stored = await lookUp(sessionHash, questionnaire.questionnaireId);
      if (!stored) return null;
      const outcome = evaluateConsultation(questionnaire, stored.answers, today());
      return toQuizState(questionnaire, stored.id, stored.answers, outcome, [], true);
    },
  };
}
