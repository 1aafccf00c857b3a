import { useState } from 'react';
import { CARRIER_NAMES, type OrderReview } from '@elmwood/domain';
import { DispatchForm } from './DispatchForm';
import { Section } from './Section';

/** On the order page: the dispatch form while the order is approved, then how it went out. */
export function DispatchSection({ review }: { review: OrderReview }) {
  const [done, setDone] = useState('');
  return (
    <Section title="Dispatch">
      <p role="status" className="clinic-decision__result">
        {done}
      </p>
      {review.state === 'approved' ? (
        <DispatchForm orderNumber={review.orderNumber} onDispatched={() => setDone(`Order ${review.orderNumber} is dispatched.`)} />
      ) : review.tracking ? (
        <p>
          Sent with {CARRIER_NAMES[review.tracking.carrier]}, tracking number {review.tracking.number}.
        </p>
      ) : null}
    </Section>
  );
}
