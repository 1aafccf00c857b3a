import type { OrderReview } from '@elmwood/domain';
import { photoUrl } from '../api';
import { formatDateTime } from '../format';
import { Section } from './Section';

type InformationRequest = OrderReview['informationRequests'][number];

function Answer({ request, patient, showPhotos }: { request: InformationRequest; patient: string; showPhotos: boolean }) {
  const { answer } = request;
  if (!answer) return <p>{request.waiting ? 'No answer yet: the order waits for the patient.' : 'No answer'}</p>;
  return (
    <>
      {answer.text ? <p className="clinic-answer__text">{answer.text}</p> : <p className="clinic-muted">No words, only the photo.</p>}
      {answer.photo && showPhotos ? (
        <figure className="clinic-answer__photo">
          <a href={photoUrl(answer.photo.id)} target="_blank" rel="noreferrer">
            <img src={photoUrl(answer.photo.id)} alt={`Photo ${patient} sent in answer`} loading="lazy" />
          </a>
          <figcaption>Sent {formatDateTime(answer.answeredAt)}</figcaption>
        </figure>
      ) : (
        <p className="clinic-muted">Answered {formatDateTime(answer.answeredAt)}</p>
      )}
    </>
  );
}

/** The prescriber's questions on the order ('Request information') and the patient's answers, oldest first. */
export function InformationRequests({ review, showPhotos }: { review: OrderReview; showPhotos: boolean }) {
  if (review.informationRequests.length === 0) return null;
  return (
    <Section title="Questions to the patient">
      <ol className="clinic-questions">
        {review.informationRequests.map((request) => (
          <li key={request.askedAt}>
            <dl className="clinic-facts">
              <dt>Asked</dt>
              <dd>
                {formatDateTime(request.askedAt)}
                {request.askedBy ? ` by ${request.askedBy}` : ''}
                {request.photoRequested ? ', with a photo asked for' : ''}
              </dd>
              <dt>Question</dt>
              <dd>{request.question}</dd>
              <dt>Answer</dt>
              <dd>
                <Answer request={request} patient={review.patient.name} showPhotos={showPhotos} />
              </dd>
            </dl>
          </li>
        ))}
      </ol>
    </Section>
  );
}
