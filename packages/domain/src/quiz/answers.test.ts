import { describe, expect, it } from 'vitest';
import { checkAnswer } from './answers';
import type { Question } from './questionnaire';

const reminderTime = {
  id: 'reminder_time',
  type: 'datetime',
  question: 'When would you like reminding?',
  answers: [
    { value: 'morning', text: 'Morning' },
    { value: 'evening', text: 'Evening' },
  ],
  tags: [],
} as unknown as Question;

describe('checkAnswer on a time-of-day question', () => {
  it('keeps each time and day once, and nothing else', () => {
    expect(checkAnswer(reminderTime, { period: ['morning', 'morning'], day: ['monday', 'friday', 'monday'], extra: 1 })).toEqual({
      ok: true,
      value: { period: ['morning'], day: ['monday', 'friday'] },
    });
  });

  it.each([
    ['a time the question does not offer', { period: ['night'], day: ['monday'] }],
    ['a day that is not a weekday', { period: ['morning'], day: ['someday'] }],
    ['days that are not a list', { period: ['morning'], day: 'monday' }],
    ['a time that is not text', { period: [7], day: ['monday'] }],
    ['a list', [{ period: ['morning'], day: ['monday'] }]],
  ])('refuses %s in the same words', (_name, value) => {
    expect(checkAnswer(reminderTime, value)).toEqual({ ok: false, message: 'Please choose a time of day and days of the week' });
  });
});
