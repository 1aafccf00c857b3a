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

describe('checkAnswer on a count question (how many doses were missed)', () => {
  const missedDoses = { id: 'ci_missed_doses_count', type: 'CountType', question: 'How many doses have you missed?', answers: [], tags: [] } as unknown as Question;

  it.each([
    [0, 0],
    [99, 99],
    ['3', 3],
    [' 12 ', 12],
  ])('keeps %j as the whole number %d', (value, stored) => {
    expect(checkAnswer(missedDoses, value)).toEqual({ ok: true, value: stored });
  });

  it.each([[-1], [100], [1.5], ['two'], ['1e1'], [true], [[1]]])('refuses %j', (value) => {
    expect(checkAnswer(missedDoses, value)).toEqual({ ok: false, message: 'Please enter a whole number from 0 to 99' });
  });

  it('an empty box clears the answer', () => {
    expect(checkAnswer(missedDoses, '')).toEqual({ ok: true, value: null });
  });
});
