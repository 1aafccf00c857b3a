import { Link } from 'react-router';
import type { ClinicOrder } from '@elmwood/domain';
import { can } from '../roles';
import { useStaff } from '../useStaffSession';
import { Section } from './Section';
import { SupportMessages } from './SupportMessages';

/** On the order review: what the patient has written to the clinic and what it answered, newest conversation first. */
export function PatientSupportMessages({ review }: { review: ClinicOrder }) {
  const staff = useStaff();
  return (
    <Section title="Support messages">
      {review.supportThreads.length === 0 ? (
        <p>The patient has not written to the clinic.</p>
      ) : (
        review.supportThreads.map((thread) => (
          <article key={thread.id} className="clinic-support-thread" aria-label={thread.subject}>
            <h3 className="clinic-card__subtitle">
              {can(staff.role, 'answerSupport') ? <Link to={`/clinic/support/${encodeURIComponent(thread.id)}`}>{thread.subject}</Link> : thread.subject}
            </h3>
            <SupportMessages thread={thread} />
          </article>
        ))
      )}
    </Section>
  );
}
