import { QUIZ_ADD_TO_CART_KEY, QUIZ_ANSWERS_KEY_PREFIX, QUIZ_COUPON_KEY } from '../../lib/patient-storage';

/** Answers kept in this browser too, so a reload or a lost connection loses nothing typed. */
const answersKey = (slug: string) => `${QUIZ_ANSWERS_KEY_PREFIX}${slug}`;
export const COUPON_KEY = QUIZ_COUPON_KEY;
export const ADD_TO_CART_KEY = QUIZ_ADD_TO_CART_KEY;

function safely<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    // Storage can be full or disabled (private windows); the server copy still holds the answers.
    return fallback;
  }
}

export function loadLocalAnswers(slug: string): Record<string, unknown> {
  return safely(() => {
    const raw = window.localStorage.getItem(answersKey(slug));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  }, {});
}

export function saveLocalAnswers(slug: string, answers: Record<string, unknown>): void {
  safely(() => window.localStorage.setItem(answersKey(slug), JSON.stringify(answers)), undefined);
}

/** ?coupon= and ?atc=true on a quiz link are remembered for the cart at the end. */
export function rememberQuizLinkOptions(slug: string, search: URLSearchParams): void {
  const coupon = search.get('coupon')?.trim();
  safely(() => {
    if (coupon) window.sessionStorage.setItem(COUPON_KEY, coupon.slice(0, 64));
    if (search.get('atc') === 'true') window.sessionStorage.setItem(ADD_TO_CART_KEY, slug);
  }, undefined);
}
