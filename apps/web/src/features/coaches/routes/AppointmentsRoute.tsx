import { formatCallTime, type Appointment } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useAppointments } from '../api';
import { CancelCallDialog } from '../components/CancelCallDialog';
import { BOOK_CALL_PATH, COACHES_PATH } from '../paths';
import '../coaches.css';

function pastLabel(appointment: Appointment): string {
  if (appointment.status === 'cancelled') return 'Cancelled';
  if (appointment.attended === true) return 'Attended';
  if (appointment.attended === false || appointment.no_show) return 'Missed';
  return 'Past';
}

function AppointmentItem({ appointment }: { appointment: Appointment }) {
  const when = formatCallTime(appointment.time_start);
  return (
    <li className="account-list__item coach-appointment">
      <img src={appointment.img} alt="" width={48} height={48} />
      <div className="coach-appointment__body">
        <p className="account-list__title">{appointment.name}</p>
        <p>
          {when} (UK time){appointment.type === 'past' ? ` · ${pastLabel(appointment)}` : ''}
        </p>
        {appointment.type === 'upcoming' ? <p className="account-muted">{appointment.details}</p> : null}
        {appointment.type === 'upcoming' && appointment.can_change ? (
          <div className="coach-actions">
            <ButtonLink variant="secondary" to={`${BOOK_CALL_PATH}?reschedule=${encodeURIComponent(appointment.id)}`} aria-label={`Reschedule call on ${when}`}>
              Reschedule
            </ButtonLink>
            <CancelCallDialog appointment={appointment} />
          </div>
        ) : null}
        {appointment.type === 'upcoming' && !appointment.can_change ? <p className="account-muted">It is too late to move or cancel this call online. Please contact us if you cannot make it.</p> : null}
      </div>
    </li>
  );
}

/** /account/appointments — the patient's coach calls (SPEC §2): upcoming (cancel with a confirmation, reschedule) and past. */
export function Component() {
  useDocumentTitle('Your appointments');
  const appointments = useAppointments();
  const all = appointments.data ?? [];
  const upcoming = all.filter((item) => item.type === 'upcoming');
  const past = all.filter((item) => item.type === 'past').reverse();
  return (
    <div className="account-page container">
      <BackLink to="/account/home">Back to my account</BackLink>
      <h1>Your appointments</h1>
      {appointments.isPending ? <LoadStatus status="loading" /> : null}
      {appointments.isError ? <LoadStatus status="error" onRetry={() => void appointments.refetch()} /> : null}
      {appointments.data ? (
        <>
          <section className="account-card" aria-labelledby="upcoming-title">
            <h2 id="upcoming-title">Upcoming</h2>
            {upcoming.length === 0 ? (
              <EmptyState title="No upcoming calls" headingLevel={3} message="Book a call with your coach whenever you would like to talk.">
                <ButtonLink to={BOOK_CALL_PATH}>Book a call</ButtonLink>
              </EmptyState>
            ) : (
              <ul className="account-list">
                {upcoming.map((item) => (
                  <AppointmentItem key={item.id} appointment={item} />
                ))}
              </ul>
            )}
          </section>
          <section className="account-card" aria-labelledby="past-title">
            <h2 id="past-title">Past</h2>
            {past.length === 0 ? (
              <p className="account-muted">No past calls yet.</p>
            ) : (
              <ul className="account-list">
                {past.map((item) => (
                  <AppointmentItem key={item.id} appointment={item} />
                ))}
              </ul>
            )}
          </section>
          <p>
            <ButtonLink variant="link" to={COACHES_PATH}>
              Change your coach
            </ButtonLink>
          </p>
        </>
      ) : null}
    </div>
  );
}
