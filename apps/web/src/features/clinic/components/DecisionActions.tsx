import { useState } from 'react';
import { gpConsentReasonNeeded, type OrderReview } from '@elmwood/domain';
import { useDecision, type Decision } from '../api';
import { decisionResult, stateName } from '../format';
import { ApproveDialog, RejectDialog, RequestInformationDialog } from './DecisionDialogs';
import { Section } from './Section';

/** The prescriber's three decisions on an order in review; the outcome is announced once the API has answered. */
export function DecisionActions({ review }: { review: OrderReview }) {
  const decision = useDecision(review.orderNumber);
  // Each decision's dialog is remounted after it succeeds, so it closes and starts empty.
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<string | null>(null);
  const decide = (choice: Decision) =>
    decision.mutate(choice, {
      onSuccess: (reply) => {
        setRound((value) => value + 1);
        setResult(decisionResult(reply));
      },
    });
  const props = { patient: review.patient.name, orderNumber: review.orderNumber, pending: decision.isPending, error: decision.error, onDecide: decide };
  const open = review.state === 'in_review' || review.state === 'awaiting_patient';
  return (
    <Section title="Decision" className="clinic-decision">
      <p role="status" className="clinic-decision__result">
        {result}
      </p>
      {open ? (
        <div className="clinic-actions" key={round}>
          {review.state === 'in_review' ? <ApproveDialog {...props} dose={review.dose} needsGpReason={gpConsentReasonNeeded(review.gp?.consents ?? null)} verification={review.verification} /> : null}
          <RejectDialog {...props} />
          {review.state === 'in_review' ? <RequestInformationDialog {...props} /> : null}
        </div>
      ) : (
        <p>This order is {stateName(review.state).toLowerCase()}; there is nothing to decide.</p>
      )}
    </Section>
  );
}
