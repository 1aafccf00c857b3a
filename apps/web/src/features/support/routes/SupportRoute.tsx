import { CARE_EMAIL, CARE_HOURS, CARE_PHONE, CARE_PHONE_HREF } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useSupportThreads } from '../api';
import { NewMessageForm } from '../components/NewMessageForm';
import { SideEffectReportForm } from '../components/SideEffectReportForm';
import { SupportThreadCard } from '../components/SupportThreadCard';
import '../../../ui/page-styles/auth.css';
import '../../../ui/page-styles/account.css';
import '../support.css';

/** /account/support — write to the care team, and read past messages with the clinic's replies. */
export function Component() {
  useDocumentTitle('Contact and support');
  const threads = useSupportThreads();
  return (
    <div className="account-page container account-page--form">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>Contact and support</h1>
      <section className="account-card" aria-labelledby="support-form-title">
        <h2 id="support-form-title">Send us a message</h2>
        <p className="account-muted">
          Our care team answers {CARE_HOURS}. You can also email <a href={`mailto:${CARE_EMAIL}`}>{CARE_EMAIL}</a> or call <a href={CARE_PHONE_HREF}>{CARE_PHONE}</a>.
        </p>
        <p className="account-muted">If you feel unwell, do not wait for our reply: speak to your GP or call NHS 111. In an emergency, call 999.</p>
        <NewMessageForm />
      </section>
      <section className="account-card" aria-labelledby="side-effect-form-title">
        <h2 id="side-effect-form-title">Report a side effect</h2>
        <p className="account-muted">Tell us about any side effect of your treatment. If it is severe, a prescriber will phone you.</p>
        <SideEffectReportForm />
      </section>
      <section className="account-card" aria-labelledby="support-threads-title">
        <h2 id="support-threads-title">Your messages</h2>
        {threads.data ? (
          threads.data.threads.length === 0 ? (
            <p className="account-muted">You have not sent us a message yet.</p>
          ) : (
            <div className="support-threads">
              {threads.data.threads.map((thread) => (
                <SupportThreadCard key={thread.id} thread={thread} />
              ))}
            </div>
          )
        ) : (
          <LoadStatus status={threads.isError ? 'error' : 'loading'} onRetry={() => void threads.refetch()} />
        )}
      </section>
    </div>
  );
}
