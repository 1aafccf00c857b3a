import { Link } from 'react-router';
import type { AfterStopping } from '@elmwood/domain';
import { Button, ButtonLink } from '../../../ui/Button';
import { BOOK_CALL_PATH } from '../../coaches';
import { useAfterStopping, useAnswerAfterStopping } from '../api';
import { formatDay } from '../dates';
import '../companion.css';

const CONSULTATION_PATH = '/n/weight-loss/quiz/1';

function Offered({ offer }: { offer: NonNullable<AfterStopping['offer']> }) {
  const answer = useAnswerAfterStopping();
  if (offer.answer === 'declined') return null;
  const accepted = offer.answer === 'accepted';
  return (
    <section className="account-card account-card--tasks" aria-labelledby="after-stopping-title">
      <h2 id="after-stopping-title">{accepted ? 'Your support after stopping' : 'Support after stopping your treatment'}</h2>
      {offer.weightReturning ? (
        <p className="plan-notice plan-notice--warning">
          Your weight has gone up since you stopped {offer.productName}. That is common, and there is help: <Link to={CONSULTATION_PATH}>start a consultation</Link> to talk about
          treatment again, or book a call with your coach.
        </p>
      ) : null}
      {accepted ? (
        <p>We will remind you to weigh yourself each month until {formatDay(offer.endsOn)}. Your coach is here if you want to talk.</p>
      ) : (
        <p>
          Your {offer.productName} plan has ended. Until {formatDay(offer.endsOn)} we can help you keep the weight off: a monthly reminder to weigh yourself, calls with your
          coach, and an easy way back to a consultation if your weight returns. It is free, and you can say no.
        </p>
      )}
      <ul>
        {offer.guidance.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="account-muted companion-footnote">Source: {offer.source}.</p>
      <div role="status">{answer.isError ? <p className="auth-form__error">{answer.error.message}</p> : null}</div>
      <div className="companion-form__actions">
        {accepted ? (
          <>
            <ButtonLink to={BOOK_CALL_PATH}>Book a call with your coach</ButtonLink>
            <ButtonLink variant="secondary" to={CONSULTATION_PATH}>
              Start a consultation
            </ButtonLink>
          </>
        ) : (
          <>
            <Button loading={answer.isPending && answer.variables === 'accepted'} onClick={() => answer.mutate('accepted')}>
              Yes, support me
            </Button>
            <Button variant="secondary" loading={answer.isPending && answer.variables === 'declined'} onClick={() => answer.mutate('declined')}>
              No, thank you
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

/** On the account home: the year of support offered once a weight-loss plan has ended; nothing otherwise. */
export function AfterStoppingCard() {
  const query = useAfterStopping();
  if (!query.data?.offer) return null;
  return <Offered offer={query.data.offer} />;
}
