import { useState } from 'react';
import type { OrderReview } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { useDecision } from '../api';
import { stateName } from '../format';
import { FormError } from './FormError';
import { Section } from './Section';

/**
 * A pharmacist's release of an order with nothing to prescribe (supplements and cosmetics bought without a
 * consultation): no prescriber reviews it; releasing takes the payment and puts it in the dispatch queue.
 */
export function ReleaseSection({ review }: { review: OrderReview }) {
  const decision = useDecision(review.orderNumber);
  const [result, setResult] = useState<string | null>(null);
  return (
    <Section title="Release for dispatch">
      <p>This order holds no medicine, so no prescriber needs to approve it. Check it, then release it: the payment is taken and it joins the dispatch queue.</p>
      <p role="status">{result}</p>
      {review.state === 'in_review' ? (
        <>
          <Button
            loading={decision.isPending}
            onClick={() =>
              decision.mutate({ kind: 'release' }, { onSuccess: (reply) => setResult(`Released. The order is now ${stateName(reply.state).toLowerCase()}.`) })
            }
          >
            Release for dispatch
          </Button>
          <FormError error={decision.error} />
        </>
      ) : (
        <p>This order is {stateName(review.state).toLowerCase()}; there is nothing to release.</p>
      )}
    </Section>
  );
}
