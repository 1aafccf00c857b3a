import { describe, expect, it } from 'vitest';
import {
  checkoutProgressStep,
  headerProgressStep,
  isQuizPath,
  rejectionQuestionIndex,
  showsStepCounter,
  stepCounterText,
  stepIndexFrom,
} from './path';
import { queryValue } from './query';
import { CHECKOUT_STEP_LABELS, CHECKOUT_STEPS } from './steps';

describe('isQuizPath', () => {
  it.each([
    ['/n/weight-loss/quiz/3', true],
    ['/account/n/weight-loss/quiz/1?taskId=5', true],
    ['/n/weight-loss/questionnaire', true],
    ['/n/weight-loss/questionnaire/questions', true],
    ['/N/Weight-Loss/QUIZ/2', true],
    ['/n/weight-loss/recommendations', false],
    ['/checkout/order', false],
    ['/', false],
    ['', false],
    ['/n/weight-loss/recommendations?from=quiz', false],
    ['/n/weight-loss/recommendations#quiz', false],
  ])('%s → %s', (path, expected) => {
    expect(isQuizPath(path)).toBe(expected);
  });
});

describe('showsStepCounter', () => {
  it.each([
    ['/n/weight-loss/quiz/questions/3', true],
    ['/n/weight-loss/questionnaire/questions', true],
    ['/n/weight-loss/quiz/3', false],
    ['/account/n/weight-loss/quiz/1?taskId=5', false],
    ['/account/questions', false],
    ['/n/weight-loss/quiz/3?view=questions', false],
  ])('%s → %s', (path, expected) => {
    expect(showsStepCounter(path)).toBe(expected);
  });
});

describe('stepIndexFrom', () => {
  it.each([
    ['', 1],
    ['?', 1],
    ['?stepIndex=4', 4],
    ['stepIndex=4', 4],
    ['/n/x/quiz/questions?taskId=5&stepIndex=7#top', 7],
    ['?stepIndex=0', 0],
    ['?stepIndex=-3', 0],
    ['?stepIndex=', 1],
    ['?stepIndex=abc', 1],
    ['?stepIndex=2.5', 1],
    ['?stepindex=4', 1],
  ])('%j → %d', (search, expected) => {
    expect(stepIndexFrom(search)).toBe(expected);
  });
});

describe('stepCounterText', () => {
  it('reads N of total', () => {
    expect(stepCounterText('?stepIndex=3', 12)).toBe('3 of 12');
  });
  it('defaults to step 1', () => {
    expect(stepCounterText('', 12)).toBe('1 of 12');
  });
  it('hides when either number is zero', () => {
    expect(stepCounterText('?stepIndex=0', 12)).toBeNull();
    expect(stepCounterText('?stepIndex=-1', 12)).toBeNull();
    expect(stepCounterText('?stepIndex=3', 0)).toBeNull();
  });
  it('hides for a total that is not a count', () => {
    expect(stepCounterText('?stepIndex=3', -2)).toBeNull();
    expect(stepCounterText('?stepIndex=3', Number.NaN)).toBeNull();
    expect(stepCounterText('?stepIndex=3', 2.5)).toBeNull();
  });
});

describe('checkoutProgressStep', () => {
  it.each([
    ['/n/weight-loss/quiz/3', 0],
    ['/account/n/weight-loss/quiz/1?taskId=5', 0],
    ['/n/weight-loss/questionnaire', 0],
    ['/n/weight-loss/assessment/questions', 0],
    ['/n/weight-loss/assessment', 1],
    ['/n/weight-loss/recommendations', 1],
    ['/checkout/order', 2],
    ['/order/123', 2],
    ['/n/weight-loss/quiz/order', 0],
    ['/recommendations/order', 1],
    ['/', 0],
    ['/account/home', 0],
    ['/checkout?step=order', 0],
  ])('%s → %d', (path, expected) => {
    expect(checkoutProgressStep(path)).toBe(expected);
  });
});

describe('headerProgressStep', () => {
  it.each([
    ['/n/weight-loss/quiz/3', 0],
    ['/account/n/weight-loss/quiz/1?taskId=5', 0],
    ['/n/weight-loss/questionnaire', 0],
    ['/n/weight-loss/recommendations', 1],
    ['/checkout/order', 1],
    ['/', 1],
  ])('%s → %d', (path, expected) => {
    expect(headerProgressStep(path)).toBe(expected);
  });
});

describe('rejectionQuestionIndex', () => {
  it.each([
    ['?question=1', 0],
    ['?question=3', 2],
    ['question=10', 9],
    ['/n/x/quiz/rejected?atc=true&question=2', 1],
    ['', 0],
    ['?question=', 0],
    ['?question=0', 0],
    ['?question=-2', 0],
    ['?question=abc', 0],
    ['?question=1.5', 0],
  ])('%j → %d', (search, expected) => {
    expect(rejectionQuestionIndex(search)).toBe(expected);
  });
  it('falls back to 0 past the last question when the count is known', () => {
    expect(rejectionQuestionIndex('?question=5', 5)).toBe(4);
    expect(rejectionQuestionIndex('?question=6', 5)).toBe(0);
  });
});

describe('queryValue', () => {
  it('decodes keys and values', () => {
    expect(queryValue('?coupon=SAVE%2010&atc=true', 'coupon')).toBe('SAVE 10');
    expect(queryValue('?coupon=SAVE+10', 'coupon')).toBe('SAVE 10');
    expect(queryValue('?atc', 'atc')).toBe('');
    expect(queryValue('?a=1&a=2', 'a')).toBe('1');
    expect(queryValue('?a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
    expect(queryValue('?a=1', 'b')).toBeNull();
  });
});

describe('checkout steps', () => {
  it('run Health Plan, Account, Shipping, Payment', () => {
    expect(CHECKOUT_STEPS).toEqual(['HEALTH-PLAN', 'ACCOUNT', 'SHIPPING', 'PAYMENT']);
    expect(CHECKOUT_STEPS.map((step) => CHECKOUT_STEP_LABELS[step])).toEqual([
      'Health Plan',
      'Account',
      'Shipping',
      'Payment',
    ]);
  });
});
