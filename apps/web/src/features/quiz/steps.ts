import {
  allQuestions,
  answerKind,
  BIRTHDAY_INCOMPLETE_MESSAGE,
  BIRTHDAY_UNPARSEABLE_MESSAGE,
  birthdayError,
  checkAnswer,
  evaluateConsultation,
  isAnswered,
  parseIsoDate,
  REQUIRED_MESSAGE,
  type Question,
  type Questionnaire,
  type QuizState,
  type QuizStep,
} from '@elmwood/domain';

/** The consultations of the shop: their steps are sent as 'unsure' (SPEC §7), anything else as 'add to cart'. */
export const QUIZ_TAXONS = ['weight-loss', 'erectile-dysfunction', 'hair-loss'] as const;

/** The questions of a step that apply, given every answer so far (the same evaluator the server runs). */
export function visibleQuestions(questionnaire: Questionnaire, step: QuizStep, answers: Record<string, unknown>, today: string): Question[] {
  const visible = new Set(evaluateConsultation(questionnaire, answers, today).visibleQuestions);
  return step.questions.filter((question) => visible.has(question.id));
}

/** A date of birth still being typed: the birthday field's own words for it (SPEC §5), else null. */
function dateOfBirthMessage(value: unknown, today: string): string | null {
  if (typeof value !== 'string' || parseIsoDate(value)) return null;
  return birthdayError(value, { today }) === BIRTHDAY_INCOMPLETE_MESSAGE ? BIRTHDAY_INCOMPLETE_MESSAGE : BIRTHDAY_UNPARSEABLE_MESSAGE;
}

/** A message per question that cannot be sent yet; empty when the step may go. */
export function stepErrors(questions: readonly Question[], answers: Record<string, unknown>, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const value = answers[question.id];
    if (!isAnswered(value)) {
      if (!question.optional) errors[question.id] = REQUIRED_MESSAGE;
      continue;
    }
    const typing = answerKind(question.type) === 'dateOfBirth' ? dateOfBirthMessage(value, today) : null;
    if (typing) {
      errors[question.id] = typing;
      continue;
    }
    const check = checkAnswer(question, value);
    if (!check.ok) errors[question.id] = check.message;
  }
  return errors;
}

/** Only the answers of the steps up to this one (1-based): what the patient has been shown and confirmed. */
export function answersThroughStep(questionnaire: Questionnaire, stepNumber: number, answers: Record<string, unknown>): Record<string, unknown> {
  const ids = questionnaire.steps.slice(0, stepNumber).flatMap((step) => step.questions.map((question) => question.id));
  return Object.fromEntries(ids.filter((id) => id in answers).map((id) => [id, answers[id]]));
}

/** The 1-based step holding a question, for 'go back to the first unanswered question'. */
export function stepOfQuestion(questionnaire: Questionnaire, questionId: string): number {
  const index = questionnaire.steps.findIndex((step) => step.questions.some((question) => question.id === questionId));
  return index < 0 ? 1 : index + 1;
}

/** Answers the questionnaire knows, starting from each question's defaultAnswer when there is none. */
export function startingAnswers(questionnaire: Questionnaire, saved: Record<string, unknown>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const question of allQuestions(questionnaire)) {
    if (isAnswered(saved[question.id])) answers[question.id] = saved[question.id];
    else if (question.defaultAnswer !== undefined) answers[question.id] = question.defaultAnswer;
  }
  return answers;
}

/**
 * One step as it would be sent: the messages that stop it, or its answers, the hidden questions sent as cleared
 * so a changed answer leaves nothing stale on the server. The same whether the app or a plain form post sends it.
 */
export function stepSubmission(
  questionnaire: Questionnaire,
  step: QuizStep,
  answers: Record<string, unknown>,
  today: string,
): { questions: Question[]; errors: Record<string, string>; stepAnswers: Record<string, unknown> } {
  const questions = visibleQuestions(questionnaire, step, answers, today);
  const errors = stepErrors(questions, answers, today);
  const stepAnswers = Object.fromEntries(step.questions.map((question) => [question.id, questions.includes(question) ? (answers[question.id] ?? null) : null]));
  return { questions, errors, stepAnswers };
}

/** Where the consultation goes once the server has taken a step (1-based): the rejection, the next step, the end. */
export type StepOutcome = { kind: 'rejected'; questionIndex: number } | { kind: 'step'; stepNumber: number } | { kind: 'finished' };

export function stepOutcome(questionnaire: Questionnaire, stepNumber: number, state: QuizState): StepOutcome {
  if (state.rejection) return { kind: 'rejected', questionIndex: state.rejection.questionIndex };
  if (stepNumber < questionnaire.steps.length) return { kind: 'step', stepNumber: stepNumber + 1 };
  if (state.flags.complete) return { kind: 'finished' };
  return { kind: 'step', stepNumber: stepOfQuestion(questionnaire, firstMissing(questionnaire, state)) };
}

function firstMissing(questionnaire: Questionnaire, state: QuizState): string {
  const answered = new Set(Object.keys(state.answers));
  for (const step of questionnaire.steps) {
    for (const question of step.questions) if (!question.optional && !answered.has(question.id)) return question.id;
  }
  return '';
}
