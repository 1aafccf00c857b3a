import { describe, expect, it } from 'vitest';
import { consultationBirthday, typedBirthday } from './birthday-answer';

const questionnaire = {
  steps: [
    { id: 's1', name: 'About you', questions: [{ id: 'wl_sex', type: 'choice' }, { id: 'wl_dob', type: 'DobType' }] },
  ],
} as never;

describe('consultationBirthday', () => {
  it('is the answer to the date-of-birth question, as YYYY-MM-DD', () => {
    expect(consultationBirthday(questionnaire, { wl_dob: '1990-03-12', wl_sex: 'female' })).toBe('1990-03-12');
  });
  it('is null without a finished answer or without such a question', () => {
    expect(consultationBirthday(questionnaire, { wl_dob: '12/03/19' })).toBeNull();
    expect(consultationBirthday(questionnaire, {})).toBeNull();
    expect(consultationBirthday({ steps: [] }, { wl_dob: '1990-03-12' })).toBeNull();
  });
});

describe('typedBirthday', () => {
  it('lays the date out as the signup field does', () => expect(typedBirthday('1990-03-12')).toBe('12/03/1990'));
});
