/**
 * The screen between the consultation's last step and the recommendations (SPEC §9: texts 3.5 s each with a 300 ms
 * fade, a 9 s progress bar). It ends as soon as the recommendations are ready, but never before 2.5 s, so its first
 * text can be read rather than flashed, and never after SPEC's 9 s, whatever the network does.
 */
export const LOADING_SCREEN_MIN_MS = 2500;
export const LOADING_SCREEN_MAX_MS = 9000;

/** When the screen ends, in ms after it opened, given when the recommendations were ready (null: not yet). */
export function loadingScreenEndsAt(readyAtMs: number | null): number {
  if (readyAtMs === null) return LOADING_SCREEN_MAX_MS;
  return Math.min(LOADING_SCREEN_MAX_MS, Math.max(LOADING_SCREEN_MIN_MS, readyAtMs));
}
