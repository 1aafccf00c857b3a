import type { SupportThread } from '@elmwood/domain';
import { photoUrl } from '../api';
import { formatDateTime } from '../format';

/** A conversation's messages in order, each saying who wrote it and when. */
export function SupportMessages({ thread }: { thread: Pick<SupportThread, 'messages'> }) {
  return (
    <ol className="clinic-support-messages">
      {thread.messages.map((message) => (
        <li key={message.id} className={`clinic-support-message clinic-support-message--${message.from}`}>
          <p className="clinic-support-message__meta">
            <strong>{message.from === 'patient' ? 'Patient' : `${message.authorName ?? 'Staff'} (clinic)`}</strong> <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
          </p>
          <p className="clinic-support-message__body">{message.body}</p>
          {message.photoId ? <img className="clinic-support-message__photo" src={photoUrl(message.photoId)} alt="Photo the patient attached" loading="lazy" /> : null}
        </li>
      ))}
    </ol>
  );
}
