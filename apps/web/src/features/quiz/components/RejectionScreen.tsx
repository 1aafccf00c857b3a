import { useState } from 'react';
import { ACCURACY_AGREEMENT, REJECTION_HEADING, REJECTION_WARNING, rejectionSignposts, REVIEW_ANSWERS_BUTTON, type Rejection } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';

interface RejectionScreenProps {
  /** Its reason is the rule's own, or the default rejection text (SPEC §8); it decides where else the patient can turn. */
  rejection: Pick<Rejection, 'reason' | 'ruleId' | 'underweight'>;
  onReview: () => void;
}

/**
 * 'No recommended treatment': the reason, the warning, where to get support, and a way back that needs the
 * accuracy agreement first.
 */
export function RejectionScreen({ rejection, onReview }: RejectionScreenProps) {
  const [agreed, setAgreed] = useState(false);
  // Somewhere to turn, so the screen is never a dead end.
  const signposts = rejectionSignposts(rejection);
  return (
    <section className="quiz-rejection" aria-labelledby="quiz-rejection-title">
      <h1 id="quiz-rejection-title" className="quiz-rejection__title">
        {REJECTION_HEADING}
      </h1>
      <p className="quiz-rejection__reason">{rejection.reason}</p>
      <p className="quiz-rejection__warning">{REJECTION_WARNING}</p>
      <section className="quiz-support" aria-labelledby="quiz-support-title">
        <h2 id="quiz-support-title" className="quiz-support__title">
          Where to get support
        </h2>
        <ul className="quiz-support__list">
          {signposts.map((signpost) => (
            <li key={signpost.id} className="quiz-support__item">
              <strong>{signpost.title}</strong> {signpost.text}
              {signpost.link ? (
                <>
                  {' '}
                  <a href={signpost.link.href} rel="noopener noreferrer" target="_blank">
                    {signpost.link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <Checkbox label={ACCURACY_AGREEMENT} checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
      <Button size="lg" block disabled={!agreed} onClick={onReview}>
        {REVIEW_ANSWERS_BUTTON}
      </Button>
    </section>
  );
}
