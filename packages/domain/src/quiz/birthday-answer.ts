import { answerKind } from './question-types';
import { allQuestions, type Questionnaire } from './questionnaire';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The date of birth the patient gave in their consultation (YYYY-MM-DD), so checkout need not ask for it again;
 * null when the consultation has no date-of-birth question or no finished answer to it.
 */
export function consultationBirthday(questionnaire: Pick<Questionnaire, 'steps'>, answers: Readonly<Record<string, unknown>>): string | null {
  for (const question of allQuestions(questionnaire)) {
    if (answerKind(question.type) !== 'dateOfBirth') continue;
    const answer = answers[question.id];
    if (typeof answer === 'string' && ISO_DATE.test(answer) && !Number.isNaN(Date.parse(`${answer}T00:00:00Z`))) return answer;
  }
  return null;
}

/** '1990-03-12' as the signup form's birthday field holds it: '12/03/1990'. */
export function typedBirthday(iso: string): string {
  return iso.split('-').reverse().join('/');
}
