import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DiaryEntryReply } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useDiary } from '../api';
import { DiaryForm } from '../components/DiaryForm';
import { DiaryList } from '../components/DiaryList';
import { DiaryOutcome } from '../components/DiaryOutcome';
import { INJECTIONS_PATH } from '../paths';
import '../../../ui/page-styles/auth.css';
import '../../../ui/page-styles/account.css';
import '../companion.css';

/** /account/side-effects — the side-effect diary: each entry triaged at once, what to do now, and the diary so far. */
export function Component() {
  useDocumentTitle('Side-effect diary');
  const diary = useDiary();
  const [reply, setReply] = useState<DiaryEntryReply | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  return (
    <div className="account-page container">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>Side-effect diary</h1>
      <div className="companion-grid">
        <section className="account-card" aria-labelledby="diary-form-title">
          <h2 id="diary-form-title">Add a side effect</h2>
          <p className="account-muted">Most side effects are mild and ease within a few weeks. Tell us how you feel and we will tell you what to do; if it needs a prescriber, we will ask one to call you.</p>
          <div ref={outcome} className="companion-outcome">
            {reply ? <DiaryOutcome reply={reply} /> : null}
          </div>
          <DiaryForm
            onLogged={(logged) => {
              setReply(logged);
              // The outcome is above the form: bring it into view (an urgent one is also announced as an alert).
              requestAnimationFrame(() => outcome.current?.scrollIntoView({ block: 'start' }));
            }}
          />
        </section>
        <section className="account-card" aria-labelledby="diary-title">
          <h2 id="diary-title">Your diary</h2>
          {diary.data ? <DiaryList entries={diary.data.entries} /> : <LoadStatus status={diary.isError ? 'error' : 'loading'} onRetry={() => void diary.refetch()} />}
          <p className="account-muted companion-footnote">
            Also see <Link to={INJECTIONS_PATH}>your injections</Link>.
          </p>
        </section>
      </div>
    </div>
  );
}
