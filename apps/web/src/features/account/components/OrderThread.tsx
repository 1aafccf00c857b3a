import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ORDER_MESSAGE_MAX_LENGTH, orderMessageBodySchema, type OrderMessage, type OrderThread as Thread } from '@elmwood/domain';
import { HEALTH_ACTIONS_PATH } from '../../tasks';
import { Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { TextAreaField } from '../../../ui/TextField';
import { useOrderThread, useWriteOnOrder } from '../api';
import { formatUkDateTime } from '../dates';
import './OrderThread.css';

function author(message: OrderMessage): string {
  if (message.from === 'patient') return message.kind === 'answer' ? 'Your answer' : 'You';
  const who = message.authorName ?? 'Your prescriber';
  return message.kind === 'question' ? `${who} asks` : who;
}

function Message({ message }: { message: OrderMessage }) {
  return (
    <li className={`order-thread__message order-thread__message--${message.from}`}>
      <p className="order-thread__meta">
        <strong>{author(message)}</strong> <time dateTime={message.sentAt}>{formatUkDateTime(message.sentAt)}</time>
      </p>
      {message.body ? <p className="order-thread__body">{message.body}</p> : null}
      {message.kind === 'question' && message.photoRequested ? <p className="order-thread__note">A photo was asked for.</p> : null}
      {message.photoId ? <img className="order-thread__photo" src={`/shop-api/uploads/${encodeURIComponent(message.photoId)}`} alt="The photo you sent" loading="lazy" /> : null}
    </li>
  );
}

function WriteForm({ orderNumber, thread }: { orderNumber: string; thread: Thread }) {
  const write = useWriteOnOrder(orderNumber);
  const [text, setText] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState('');
  const parsed = orderMessageBodySchema.safeParse({ message: text });
  const error = submitted && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : write.isError ? write.error.message : null;
  const answering = thread.openQuestion !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSent('');
    if (!parsed.success) return;
    write.mutate(
      { message: parsed.data.message, key },
      {
        onSuccess: () => {
          setText('');
          setSubmitted(false);
          setKey(crypto.randomUUID());
          setSent(answering ? 'Your answer has been sent to your prescriber.' : 'Your message has been sent to your prescriber.');
        },
      },
    );
  };
  return (
    <form className="order-thread__form" onSubmit={submit} noValidate aria-label="Message to your prescriber">
      <TextAreaField
        label={answering ? 'Your answer' : 'Write to your prescriber'}
        hint={answering ? 'Your answer goes straight to the prescriber, who then carries on with your order.' : 'About this order: your treatment, your dose or how you are getting on. We reply here and email you when we do.'}
        value={text}
        rows={4}
        maxLength={ORDER_MESSAGE_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        error={error}
      />
      <div>
        <Button type="submit" loading={write.isPending}>
          {answering ? 'Send your answer' : 'Send message'}
        </Button>
      </div>
      <p role="status" className="order-thread__sent">
        {sent}
      </p>
    </form>
  );
}

/** The order's conversation with the prescriber: their questions and messages, the patient's answers, and a box to write. */
export function OrderThread({ orderNumber }: { orderNumber: string }) {
  const thread = useOrderThread(orderNumber);
  return (
    <section className="account-card order-thread" aria-labelledby="order-thread-title">
      <h2 id="order-thread-title">Messages with your prescriber</h2>
      {thread.isPending ? (
        <LoadStatus status="loading" />
      ) : thread.isError ? (
        <LoadStatus status="error" onRetry={() => void thread.refetch()} />
      ) : (
        <>
          {thread.data.openQuestion ? (
            <p className="order-thread__question-note">
              Your prescriber has asked you a question: your order waits for your answer.
              {thread.data.openQuestion.photoRequested ? (
                <>
                  {' '}
                  They asked for a photo too: <Link to={HEALTH_ACTIONS_PATH}>send it with your answer from your health actions</Link>, or write below if you cannot.
                </>
              ) : null}
            </p>
          ) : null}
          {thread.data.messages.length === 0 ? (
            <p className="account-muted">No messages yet. If you have a question about this order, you can ask your prescriber here.</p>
          ) : (
            <ol className="order-thread__messages" aria-label="Messages, oldest first">
              {thread.data.messages.map((message) => (
                <Message key={message.id} message={message} />
              ))}
            </ol>
          )}
          <WriteForm orderNumber={orderNumber} thread={thread.data} />
        </>
      )}
    </section>
  );
}
