import { ORDER_MESSAGE_MAX_LENGTH, orderMessageBodySchema, type ClinicOrderThread, type OrderMessage, type OrderState } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { TextAreaField } from '../../../ui/TextField';
import { photoUrl, useOrderMessages, useWriteToPatient } from '../api';
import { formatDateTime } from '../format';
import { FormError } from './FormError';
import { Section } from './Section';
import { useMessageDraft } from '../useMessageDraft';

const KIND_NAMES: Record<OrderMessage['kind'], string | null> = { message: null, question: 'Question (request information)', answer: 'Answer to the question' };

function Message({ message, patient, showPhotos }: { message: OrderMessage; patient: string; showPhotos: boolean }) {
  const kind = KIND_NAMES[message.kind];
  return (
    <li className={`clinic-thread__message clinic-thread__message--${message.from}`}>
      <p className="clinic-thread__meta">
        <strong>{message.from === 'patient' ? patient : (message.authorName ?? 'A prescriber')}</strong>
        {kind ? `, ${kind}` : ''} <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
      </p>
      {message.body ? <p className="clinic-thread__body">{message.body}</p> : <p className="clinic-muted">No words, only the photo.</p>}
      {message.kind === 'question' && message.photoRequested ? <p className="clinic-muted">A photo was asked for.</p> : null}
      {message.photoId && showPhotos ? (
        <figure className="clinic-answer__photo">
          <a href={photoUrl(message.photoId)} target="_blank" rel="noreferrer">
            <img src={photoUrl(message.photoId)} alt={`Photo ${patient} sent in answer`} loading="lazy" />
          </a>
        </figure>
      ) : message.photoId ? (
        <p className="clinic-muted">A photo was sent with it.</p>
      ) : null}
    </li>
  );
}

function WriteForm({ orderNumber }: { orderNumber: string }) {
  const write = useWriteToPatient(orderNumber);
  const draft = useMessageDraft(orderMessageBodySchema, write.mutate);
  return (
    <form className="clinic-form" onSubmit={draft.submit} noValidate aria-label="Write to the patient">
      <TextAreaField
        label="Message to the patient"
        hint="The patient is emailed to read it on their order page. To hold the order until they answer, use Request information instead."
        value={draft.text}
        rows={4}
        maxLength={ORDER_MESSAGE_MAX_LENGTH}
        error={draft.problem}
        onChange={(event) => draft.change(event.target.value)}
      />
      <FormError error={write.error} />
      <p role="status">{draft.sent ? 'Message sent. The patient has been emailed to read it.' : ''}</p>
      <div>
        <Button type="submit" loading={write.isPending}>
          Send message
        </Button>
      </div>
    </form>
  );
}

/** The last message is the prescriber's question and the order still waits on the patient. */
const questionWaiting = (thread: ClinicOrderThread, state: OrderState) => state === 'awaiting_patient' && thread.messages.at(-1)?.kind === 'question';

/**
 * The conversation on the order between the patient and the prescriber (the read is audited): the prescriber's
 * questions ('Request information') and messages, the patient's answers and messages, and, for a prescriber, a box to write.
 */
export function PatientThread({ orderNumber, state, showPhotos, canWrite }: { orderNumber: string; state: OrderState; showPhotos: boolean; canWrite: boolean }) {
  const thread = useOrderMessages(orderNumber);
  return (
    <Section title="Messages with the patient" className="clinic-thread">
      {thread.isPending ? (
        <LoadStatus status="loading" />
      ) : thread.isError ? (
        <LoadStatus status="error" onRetry={() => void thread.refetch()} />
      ) : (
        <>
          {thread.data.awaitingReply ? (
            <p>
              <Tag tone="accent">Waiting for a reply</Tag>
            </p>
          ) : null}
          {thread.data.messages.length === 0 ? (
            <p className="clinic-muted">No messages on this order yet.</p>
          ) : (
            <ol className="clinic-thread__messages" aria-label="Messages, oldest first">
              {thread.data.messages.map((message) => (
                <Message key={message.id} message={message} patient={thread.data.patient.name} showPhotos={showPhotos} />
              ))}
            </ol>
          )}
          {questionWaiting(thread.data, state) ? <p>No answer yet: the order waits for the patient.</p> : null}
          {thread.data.closed ? (
            <p className="clinic-muted">The patient has deleted their account: the messages are kept with the order, and nobody can write to them here.</p>
          ) : canWrite ? (
            <WriteForm orderNumber={orderNumber} />
          ) : null}
        </>
      )}
    </Section>
  );
}
