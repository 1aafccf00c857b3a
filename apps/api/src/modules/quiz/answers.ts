import { checkAnswer, type AnswersByGroup, type Question, type Questionnaire } from '@elmwood/domain';
import { badRequest } from '../../lib/errors';

/** Submitted answers after the server's checks: a stored value per question id, or null to clear it. */
export type CheckedAnswers = Map<string, unknown>;

function checkOne(question: Question, value: unknown, checked: CheckedAnswers): void {
  const result = checkAnswer(question, value);
  if (!result.ok) {
    throw badRequest('INVALID_ANSWER', result.message, { questionId: question.id, message: result.message });
  }
  checked.set(question.id, result.value);
}

/** Answers grouped by step (PATCH …-by-slug): each question must belong to the step it is sent under. */
export function checkGroupedAnswers(questionnaire: Questionnaire, body: AnswersByGroup): CheckedAnswers {
  const checked: CheckedAnswers = new Map();
  for (const [stepId, answers] of Object.entries(body)) {
    const step = questionnaire.steps.find((candidate) => candidate.id === stepId);
    if (!step) {
      throw badRequest('UNKNOWN_STEP', `There is no step '${stepId}' in the ${questionnaire.title.toLowerCase()}.`, { stepId });
    }
    for (const [questionId, value] of Object.entries(answers)) {
      const question = step.questions.find((candidate) => candidate.id === questionId);
      if (!question) {
        throw badRequest('UNKNOWN_QUESTION', `There is no question '${questionId}' in step '${stepId}'.`, { questionId, stepId });
      }
      checkOne(question, value, checked);
    }
  }
  return checked;
}

/** Answers keyed by question id alone (PATCH …-by-ids): each must be a question of this questionnaire. */
export function checkAnswersById(questionnaire: Questionnaire, answers: Record<string, unknown>): CheckedAnswers {
  const checked: CheckedAnswers = new Map();
  const questions = new Map(questionnaire.steps.flatMap((step) => step.questions.map((question) => [question.id, question] as const)));
  for (const [questionId, value] of Object.entries(answers)) {
    const question = questions.get(questionId);
    if (!question) {
      throw badRequest('UNKNOWN_QUESTION', `There is no question '${questionId}' in the ${questionnaire.title.toLowerCase()}.`, { questionId });
    }
    checkOne(question, value, checked);
  }
  return checked;
}
