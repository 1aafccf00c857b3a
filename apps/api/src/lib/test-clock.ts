/**
 * A clock a browser test can move (TEST_CLOCK=true, never in production): the process and its jobs read it, so a
 * reminder due next Tuesday at 07:30 can be seen going out without waiting for Tuesday.
 */
export interface SettableClock {
  now(): Date;
  set(at: Date): void;
}

export function settableClock(): SettableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(at) {
      offsetMs = at.getTime() - Date.now();
    },
  };
}
