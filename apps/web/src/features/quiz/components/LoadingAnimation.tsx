import { useEffect, useRef, useState } from 'react';
import { LOADING_SCREEN_MAX_MS, loadingScreenEndsAt } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';

/** SPEC §9: each text for 3.5 s with a 300 ms fade, under a 9 s progress bar. */
export const TEXT_DELAY_MS = 3500;
export const FADE_MS = 300;
export const PROGRESS_MS = LOADING_SCREEN_MAX_MS;

export const LOADING_TITLE = 'Thank you. We are finding the right treatment for you';
export const LOADING_TEXTS = ['Reviewing your answers', 'Checking which treatments suit you', 'Preparing your recommendations'] as const;
export const SKIP_BUTTON = 'Skip to your recommendations';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Plays between the last step and the recommendations and calls onFinish once they are `ready`, but not before
 * 2.5 s (the first text stays readable) and never after the progress bar's 9 s (domain loadingScreenEndsAt).
 * Each text fades in and out over 300 ms within its 3.5 s. People who prefer reduced motion see still text
 * with no bar, and a button to go straight on.
 */
export function LoadingAnimation({ onFinish, ready = false }: { onFinish: () => void; ready?: boolean }) {
  const [reduced] = useState(prefersReducedMotion);
  const [index, setIndex] = useState(0);
  const openedAt = useRef<number | null>(null);
  const finish = useRef(onFinish);
  useEffect(() => {
    finish.current = onFinish;
  }, [onFinish]);

  useEffect(() => {
    openedAt.current ??= Date.now();
    const timers = reduced ? [] : LOADING_TEXTS.slice(1).map((_, i) => window.setTimeout(() => setIndex(i + 1), TEXT_DELAY_MS * (i + 1)));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [reduced]);

  useEffect(() => {
    openedAt.current ??= Date.now();
    const elapsed = Date.now() - openedAt.current;
    const endsAt = loadingScreenEndsAt(ready ? elapsed : null);
    const done = window.setTimeout(() => finish.current(), Math.max(0, endsAt - elapsed));
    return () => window.clearTimeout(done);
  }, [ready]);

  return (
    <section className="quiz-loading" aria-labelledby="quiz-loading-title">
      <h1 id="quiz-loading-title" className="quiz-loading__title">
        {LOADING_TITLE}
      </h1>
      {reduced ? (
        <>
          <ul className="quiz-loading__list">
            {LOADING_TEXTS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          <Button size="lg" onClick={onFinish}>
            {SKIP_BUTTON}
          </Button>
        </>
      ) : (
        <>
          <div className="quiz-loading__texts" aria-live="polite">
            <p key={index} className="quiz-loading__text" style={{ animationDuration: `${TEXT_DELAY_MS}ms` }}>
              {LOADING_TEXTS[index]}
            </p>
          </div>
          <ProgressBar className="quiz-loading__bar" label="Finding your treatment" durationMs={PROGRESS_MS} />
        </>
      )}
    </section>
  );
}
