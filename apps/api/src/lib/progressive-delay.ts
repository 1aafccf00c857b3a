export interface ProgressiveDelay {
  /** Failures allowed before any wait: a patient mistyping a password a few times never waits. */
  freeFailures: number;
  /** The first wait, doubled with each further failure. */
  firstSeconds: number;
  /** The longest wait. */
  maxSeconds: number;
}

/**
 * Seconds to space sign-in attempts after `failures` wrong passwords: none for the first few, then doubling
 * (1, 2, 4 … seconds) up to a cap. A guesser slows down exponentially while the real owner, whose right
 * password someone else's failures can delay, waits at most the cap.
 */
export function progressiveDelaySeconds(failures: number, { freeFailures, firstSeconds, maxSeconds }: ProgressiveDelay): number {
  if (!Number.isFinite(failures) || failures < freeFailures) return 0;
  const doublings = Math.min(failures - freeFailures, 30);
  return Math.min(maxSeconds, firstSeconds * 2 ** doublings);
}
