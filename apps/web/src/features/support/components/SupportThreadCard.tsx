import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SUPPORT_MESSAGE_MAX, SUPPORT_STATUS_LABELS, supportReplySchema, type SupportThread } from '@elmwood/domain';
import { BRAND_NAME } from '../../../lib/config';
import { Button } from '../../../ui/Button';
import { Tag } from '../../../ui/Tag';
import { TextAreaField } from '../../../ui/TextField';
import { useReplyToSupport } from '../api';
import { formatSentAt } from '../format';

/** One conversation: the patient's messages and the clinic's replies in order, and a box to write again. */
export function SupportThreadCard({ thread }: { thread: SupportThread }) {
  const titleId = `support-thread-${thread.id}`;
  return (
    <article className="support-thread" aria-labelledby={titleId}>
      <header className="support-thread__header">
        <h3 id={titleId}>{thread.subject}</h3>
        <Tag tone={thread.status === 'answered' ? 'success' : 'neutral'}>{SUPPORT_STATUS_LABELS[thread.status]}</Tag>
      </header>
      <ol className="support-thread__messages">
        {thread.messages.map((message) => (
          <li key={message.id} className={`support-message support-message--${message.from}`}>
            <p className="support-message__meta">
              <strong>{message.from === 'patient' ? 'You' : `${message.authorName ?? 'The care team'} from ${BRAND_NAME}`}</strong>{' '}
              <time dateTime={message.sentAt}>{formatSentAt(message.sentAt)}</time>
            </p>
            <p className="support-message__body">{message.body}</p>
            {message.photoId ? <img className="support-message__photo" src={`/shop-api/uploads/${encodeURIComponent(message.photoId)}`} alt="Photo you attached" loading="lazy" /> : null}
          </li>
        ))}
      </ol>
      <ReplyForm thread={thread} />
    </article>
  );
}

function ReplyForm({ thread }: { thread: SupportThread }) {
  const reply = useReplyToSupport(thread.id);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  // Opening the reply box takes the keyboard to it.
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open]);
  const parsed = supportReplySchema.safeParse({ message: text });
  const error = submitted && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : reply.isError ? reply.error.message : null;

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Reply
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    reply.mutate(
      { message: parsed.data.message, key },
      {
        onSuccess: () => {
          setText('');
          setSubmitted(false);
          setOpen(false);
          setKey(crypto.randomUUID());
        },
      },
    );
  };
  return (
    <form className="support-thread__reply" onSubmit={submit} noValidate aria-label={`Reply about ${thread.subject}`}>
      <TextAreaField label="Your reply" value={text} maxLength={SUPPORT_MESSAGE_MAX} onChange={(event) => setText(event.target.value)} error={error} ref={box} />
      <Button type="submit" loading={reply.isPending}>
        Send reply
      </Button>
    </form>
  );
}
