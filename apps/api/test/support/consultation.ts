import type { LightMyRequestResponse } from 'fastify';
import type { QuestionnaireInput } from '@elmwood/domain';

/** Groups answers keyed by question id under their step ids, as the quiz sends them step by step. */
export function groupAnswers(questionnaire: QuestionnaireInput, answers: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const grouped: Record<string, Record<string, unknown>> = {};
  for (const step of questionnaire.steps) {
    for (const question of step.questions) {
      if (question.id in answers) (grouped[step.id] ??= {})[question.id] = answers[question.id];
    }
  }
  return grouped;
}

/** The `name=value` pair to send back for a cookie the reply set, or null when it set none. */
export function cookieFrom(res: LightMyRequestResponse, name = 'quiz_session'): string | null {
  const cookie = res.cookies.find((candidate) => candidate.name === name);
  return cookie ? `${name}=${cookie.value}` : null;
}
