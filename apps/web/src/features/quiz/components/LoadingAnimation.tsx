import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';

/** SPEC §9: each text for 3.5 s with a 300 ms fade, under a 9 s progress bar. */
export const TEXT_DELAY_MS = 3500;
export const FADE_MS = 300;
export const PROGRESS_MS = 9000;

const TEXTS = ['Reviewing your answers', 'Checking which treatments suit you', 'Preparing your recommendations'];

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Plays between the last step and the recommendations, then calls onFinish. People who prefer reduced
 * motion get still text and can skip straight on.
 */
export function LoadingAnimation({ onFinish }: { onFinish: () => void }) {
  const [reduced] = useState(prefersReducedMotion);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (reduced) return;
    const timers = TEXTS.slice(1).map((_, i) => window.setTimeout(() => setIndex(i + 1), TEXT_DELAY_MS * (i + 1)));
    const done = window.setTimeout(onFinish, PROGRESS_MS);
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      window.clearTimeout(done);
    };
  }, [reduced, onFinish]);

  return (
    <section className="quiz-loading" aria-labelledby="quiz-loading-title">
      <h1 id="quiz-loading-title" className="quiz-loading__title">
        Thank you. We are finding the right treatment for you
      </h1>
      <p key={index} className="quiz-loading__text" role="status" style={{ animationDuration: `${FADE_MS}ms` }}>
        {reduced ? TEXTS.join('. ') : TEXTS[index]}
      </p>
      {reduced ? null : (
        <div className="quiz-loading__bar" aria-hidden="true">
          <span className="quiz-loading__fill" style={{ animationDuration: `${PROGRESS_MS}ms` }} />
        </div>
      )}
      {reduced ? (
        <Button size="lg" onClick={onFinish}>
          Skip to your recommendations
        </Button>
      ) : null}
    </section>
  );
}
