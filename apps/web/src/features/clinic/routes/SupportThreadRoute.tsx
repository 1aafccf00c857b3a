import { Link, useParams } from 'react-router';
import { SUPPORT_MESSAGE_MAX, supportReplySchema } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { TextAreaField } from '../../../ui/TextField';
import { useSupportReply, useSupportThread } from '../api';
import { FormError } from '../components/FormError';
import { Section } from '../components/Section';
import { SupportMessages } from '../components/SupportMessages';
import { useMessageDraft } from '../useMessageDraft';

/** /clinic/support/:id — one patient's conversation (the read is logged) and the reply box. */
export function Component() {
  const { id = '' } = useParams();
  useDocumentTitle('Support message');
  const thread = useSupportThread(id);
  if (thread.isPending) return <LoadStatus status="loading" />;
  if (thread.isError) {
    if (isApiError(thread.error) && (thread.error.isNotFound || thread.error.status === 400)) {
      return <EmptyState headingLevel={1} title="No such conversation" message={<Link to="/clinic/support">Back to the support inbox</Link>} />;
    }
    return <LoadStatus status="error" onRetry={() => void thread.refetch()} />;
  }
  const { subject, status, patient } = thread.data;
  return (
    <div className="clinic-page">
      <p>
        <Link to="/clinic/support">Back to the support inbox</Link>
      </p>
      <div className="clinic-page__head">
        <h1>{subject}</h1>
        <Tag tone={status === 'answered' ? 'success' : 'info'}>{status === 'answered' ? 'Replied' : 'Waiting for a reply'}</Tag>
      </div>
      <p>
        From {patient.name} ({patient.email})
      </p>
      <Section title="Messages">
        <SupportMessages thread={thread.data} />
      </Section>
      <Section title="Reply">
        <ReplyForm id={id} />
      </Section>
    </div>
  );
}

function ReplyForm({ id }: { id: string }) {
  const reply = useSupportReply(id);
  const draft = useMessageDraft(supportReplySchema, reply.mutate);
  return (
    <form className="clinic-form" onSubmit={draft.submit} noValidate aria-label="Reply to the patient">
      <TextAreaField
        label="Your reply"
        hint="The patient reads it in their account, under Contact and support."
        value={draft.text}
        maxLength={SUPPORT_MESSAGE_MAX}
        error={draft.problem}
        onChange={(event) => draft.change(event.target.value)}
      />
      <FormError error={reply.error} />
      <p role="status">{draft.sent ? 'Reply sent. The patient can read it in their account.' : ''}</p>
      <Button type="submit" loading={reply.isPending}>
        Send reply
      </Button>
    </form>
  );
}
