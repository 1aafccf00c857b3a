import { TooManyRequestsError } from './errors';
import type { FailureLog, RateLimiter } from './rate-limiter';
import { progressiveDelaySeconds, type ProgressiveDelay } from './progressive-delay';

/**
 * How long a run of wrong passwords slows sign-in, against one account from anywhere and from one address. The
 * owner of an account on a browser that signed in to it before is not slowed by the account's failures.
 */
export const SIGN_IN_DELAY: Record<PacedBy, ProgressiveDelay> = {
  // Short: someone else's failures may delay the account's owner on a new device by this much at most.
  account: { freeFailures: 5, firstSeconds: 1, maxSeconds: 30 },
  address: { freeFailures: 10, firstSeconds: 1, maxSeconds: 60 },
};
export type PacedBy = 'account' | 'address';

export const waitMessage = (seconds: number) => `Too many attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;

export interface SignInPacing {
  /** Wrong passwords, per account (key: the email) and per address, with when the latest was. */
  failures: Record<PacedBy, FailureLog>;
  /**
   * One attempt per slot of `seconds`: once the wait since the latest failure is over, several attempts sent at
   * the same instant still get one turn between them.
   */
  turn(by: PacedBy, seconds: number): RateLimiter;
  now: () => number;
}

/**
 * Once there have been several wrong passwords (per account or per address), the next attempt waits for the delay after
 * the latest: a 429 with the wait in its message and Retry-After. Used by patients' and staff's sign-in alike.
 */
export async function paceSignIn(pacing: SignInPacing, by: PacedBy, key: string): Promise<void> {
  const { failures, lastAt } = await pacing.failures[by].recent(key);
  const seconds = progressiveDelaySeconds(failures, SIGN_IN_DELAY[by]);
  if (seconds === 0 || lastAt === null) return;
  const readyAt = lastAt + seconds * 1000;
  const waitMs = readyAt - pacing.now();
  if (waitMs > 0) {
    const wait = Math.ceil(waitMs / 1000);
    throw new TooManyRequestsError('TOO_MANY_ATTEMPTS', waitMessage(wait), wait);
  }
  const turn = await pacing.turn(by, seconds).check(key);
  if (!turn.allowed) throw new TooManyRequestsError('TOO_MANY_ATTEMPTS', waitMessage(turn.retryAfterSeconds), turn.retryAfterSeconds);
}
