import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { formatLongDate, type GpAnswer, type IsoDate } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { TextAreaField } from '../../../ui/TextField';
import { useAnswerGpLetter, useGpLetter } from '../api';
import '../prescribers.css';

const ANSWERED: Record<GpAnswer, string> = {
  no_concerns: 'We have recorded that you have no concerns about this treatment. Thank you for letting us know.',
  concerns: "We have received your concerns. The patient's next supply is on hold, and a prescriber will review them and contact you or the patient.",
};

function Refused({ expired, message }: { expired: boolean; message: string }) {
  return (
    <>
      <h1>{expired ? 'This link has expired' : 'This link is not valid'}</h1>
      <p role="alert">{message}</p>
    </>
  );
}

/** /gp/letter/:token: the GP answers the clinic's letter, once, through its signed link (no account). */
export function Component() {
  const { token = '' } = useParams();
  useDocumentTitle('Answer a letter about your patient');
  const letter = useGpLetter(token);
  const answer = useAnswerGpLetter(token);
  const [choice, setChoice] = useState<GpAnswer | null>(null);
  const [concern, setConcern] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return setError('Please choose an answer.');
    if (choice === 'concerns' && !concern.trim()) return setError('Please describe your concerns.');
    setError(null);
    answer.mutate(choice === 'concerns' ? { answer: choice, concern } : { answer: choice }, {
      onError: (failure) => setError(isApiError(failure) ? failure.message : 'We could not send your answer. Please try again.'),
    });
  };

  const given = answer.data?.answer ?? letter.data?.answer ?? null;
  return (
    <article className="container page gp-answer">
      {letter.isError ? (
        <Refused expired={isApiError(letter.error) && letter.error.status === 410} message={letter.error.message} />
      ) : !letter.data ? (
        <LoadStatus status="loading" />
      ) : given ? (
        <>
          <h1>Thank you: we have your answer</h1>
          <p role="status">{ANSWERED[given]}</p>
          <p>
            To add anything, contact the prescriber at <a href={`mailto:${letter.data.contact.email}`}>{letter.data.contact.email}</a> or on{' '}
            {letter.data.contact.phone}.
          </p>
        </>
      ) : (
        <>
          <h1>Answer a letter about your patient</h1>
          <p>We wrote to you about a prescription for a patient registered with your practice. Please tell us whether you have any concerns.</p>
          <dl className="gp-answer__facts">
            <dt>Patient</dt>
            <dd>{letter.data.patient.name}</dd>
            {letter.data.patient.dateOfBirth ? (
              <>
                <dt>Date of birth</dt>
                <dd>{formatLongDate(letter.data.patient.dateOfBirth as IsoDate)}</dd>
              </>
            ) : null}
            <dt>Medicine</dt>
            <dd>
              {letter.data.medicine}, {letter.data.dose}
            </dd>
            <dt>Start date</dt>
            <dd>{formatLongDate(letter.data.startDate as IsoDate)}</dd>
            <dt>Prescriber</dt>
            <dd>
              {letter.data.prescriber.name}
              {letter.data.prescriber.registration ? ` (${letter.data.prescriber.registration})` : ''}
            </dd>
          </dl>
          <form onSubmit={submit} noValidate>
            <fieldset>
              <legend>Your answer</legend>
              <label className="gp-answer__option">
                <input type="radio" name="answer" value="no_concerns" checked={choice === 'no_concerns'} onChange={() => setChoice('no_concerns')} /> No concerns
              </label>
              <label className="gp-answer__option">
                <input type="radio" name="answer" value="concerns" checked={choice === 'concerns'} onChange={() => setChoice('concerns')} /> I have concerns
              </label>
            </fieldset>
            {choice === 'concerns' ? (
              <TextAreaField
                label="Your concerns"
                hint="They hold the patient's next supply until a prescriber has reviewed them."
                value={concern}
                maxLength={4000}
                rows={5}
                onChange={(event) => setConcern(event.target.value)}
              />
            ) : null}
            <ErrorMessage>{error}</ErrorMessage>
            <Button type="submit" loading={answer.isPending}>
              Send answer
            </Button>
          </form>
        </>
      )}
    </article>
  );
}
