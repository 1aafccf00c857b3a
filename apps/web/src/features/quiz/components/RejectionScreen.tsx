import { useState } from 'react';
import { ACCURACY_AGREEMENT, REJECTION_HEADING, REJECTION_WARNING, REVIEW_ANSWERS_BUTTON } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';

interface RejectionScreenProps {
  /** The rule's own reason, or the default rejection text (SPEC §8). */
  reason: string;
  onReview: () => void;
}

/** 'No recommended treatment': the reason, the warning, and a way back that needs the accuracy agreement first. */
export function RejectionScreen({ reason, onReview }: RejectionScreenProps) {
  const [agreed, setAgreed] = useState(false);
  return (
    <section className="quiz-rejection" aria-labelledby="quiz-rejection-title">
      <h1 id="quiz-rejection-title" className="quiz-rejection__title">
        {REJECTION_HEADING}
      </h1>
      <p className="quiz-rejection__reason">{reason}</p>
      <p className="quiz-rejection__warning">{REJECTION_WARNING}</p>
      <Checkbox label={ACCURACY_AGREEMENT} checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
      <Button size="lg" block disabled={!agreed} onClick={onReview}>
        {REVIEW_ANSWERS_BUTTON}
      </Button>
    </section>
  );
}
