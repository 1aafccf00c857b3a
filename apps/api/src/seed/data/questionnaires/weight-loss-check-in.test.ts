import { describe, expect, it } from 'vitest';
import { allQuestions, answerKind, CHECK_IN_ANSWERS, CHECK_IN_QUESTIONS, NO_CONTRACEPTION_ANSWER, questionnaireSchema } from '@elmwood/domain';
import { weightLossCheckInQuestionnaire } from './weight-loss-check-in';

const questions = new Map(allQuestions(questionnaireSchema.parse(weightLossCheckInQuestionnaire)).map((question) => [question.id, question]));
const options = (id: string) => questions.get(id)?.answers.map((answer) => answer.value) ?? [];

describe('the weight-loss check-in asks what assessCheckIn reads', () => {
  it('has every question the check-in rules read, none optional', () => {
    for (const id of Object.values(CHECK_IN_QUESTIONS)) {
      expect(questions.get(id), id).toBeDefined();
      expect(questions.get(id)!.optional, id).toBeFalsy();
    }
  });

  it('offers the answers the rules act on', () => {
    expect(options(CHECK_IN_QUESTIONS.sideEffects)).toEqual(expect.arrayContaining(['severe_stomach_pain', 'low_mood']));
    expect(options(CHECK_IN_QUESTIONS.pregnancy)).toEqual(expect.arrayContaining(['pregnant', 'planning', 'no']));
    expect(options(CHECK_IN_QUESTIONS.breastfeeding)).toEqual(expect.arrayContaining(['yes', 'no']));
    const { insulin, sulfonylurea, oralContraceptive, ...sideEffects } = CHECK_IN_ANSWERS;
    expect(options(CHECK_IN_QUESTIONS.sideEffects)).toEqual(expect.arrayContaining(Object.values(sideEffects)));
    expect(options(CHECK_IN_QUESTIONS.newMedicines)).toEqual(expect.arrayContaining([insulin, sulfonylurea, oralContraceptive]));
    expect(options(CHECK_IN_QUESTIONS.contraception)).toContain(NO_CONTRACEPTION_ANSWER);
  });

  it('asks about contraception only of those who could become pregnant (not pregnant, not planning, not "not applicable")', () => {
    expect(questions.get(CHECK_IN_QUESTIONS.contraception)!.showWhen).toEqual({ '==': [{ var: 'answers.ci_pregnancy' }, 'no'] });
    expect(questions.get(CHECK_IN_QUESTIONS.contraception)!.answers.find((answer) => answer.value === NO_CONTRACEPTION_ANSWER)).toMatchObject({ exclusive: true });
  });

  it('asks how many doses were missed as a whole number', () => {
    expect(answerKind(questions.get(CHECK_IN_QUESTIONS.missedDosesCount)!.type)).toBe('count');
  });
});
