import { queryValue } from './query';

/**
 * What the checkout layout and quiz screens read from the URL (SPEC §2 "Path-based behaviour").
 * The spec says a path "contains" a word, so words match as substrings of the path alone
 * (query and hash are ignored), case-insensitively.
 */

function pathOnly(path: string): string {
  return (path.split(/[?#]/)[0] ?? '').toLowerCase();
}

function containsAny(path: string, words: readonly string[]): boolean {
  const pathname = pathOnly(path);
  return words.some((word) => pathname.includes(word));
}

export function isQuizPath(path: string): boolean {
  return containsAny(path, ['quiz', 'questionnaire']);
}

export function showsStepCounter(path: string): boolean {
  return isQuizPath(path) && containsAny(path, ['questions']);
}

/** stepIndex from the query: a whole number, 1 when absent or malformed, never below 0. */
export function stepIndexFrom(search: string): number {
  const raw = queryValue(search, 'stepIndex')?.trim() ?? '';
  if (!/^[+-]?\d+$/.test(raw)) return 1;
  return Math.max(0, Number(raw));
}

/** '3 of 12', or null (no counter) when either number is zero or the total is not a count. */
export function stepCounterText(search: string, totalSteps: number): string | null {
  const step = stepIndexFrom(search);
  if (step === 0 || !Number.isInteger(totalSteps) || totalSteps <= 0) return null;
  return `${step} of ${totalSteps}`;
}

/** Index into CHECKOUT_STEPS-style progress: quiz 0, assessment/recommendations 1, order 2. */
export function checkoutProgressStep(path: string): 0 | 1 | 2 {
  if (containsAny(path, ['quiz', 'questionnaire', 'questions'])) return 0;
  if (containsAny(path, ['assessment', 'recommendations'])) return 1;
  if (containsAny(path, ['order'])) return 2;
  return 0;
}

/** With headers shown: a quiz page is step 0, any other page step 1. */
export function headerProgressStep(path: string): 0 | 1 {
  return isQuizPath(path) ? 0 : 1;
}

/**
 * The rejection screen's query value question is 1-based; answers the 0-based index, or 0 when
 * absent, malformed, below 1 or (given the question count) past the last question.
 */
export function rejectionQuestionIndex(search: string, questionCount?: number): number {
  const raw = queryValue(search, 'question')?.trim() ?? '';
  if (!/^\d+$/.test(raw)) return 0;
  const index = Number(raw) - 1;
  if (index < 0) return 0;
  if (questionCount !== undefined && index >= questionCount) return 0;
  return index;
}
