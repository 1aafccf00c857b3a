import { Link } from 'react-router';
import { formatCallTime, type AccountHome } from '@elmwood/domain';

/** The patient's coach calls ahead; shown only when there are any (SPEC §2 account: appointments when present). */
export function Appointments({ appointments }: { appointments: AccountHome['appointments'] }) {
  if (appointments.length === 0) return null;
  return (
    <section className="account-card" aria-labelledby="appointments-title">
      <h2 id="appointments-title">Appointments</h2>
      <ul className="account-list">
        {appointments.map((appointment) => (
          <li key={appointment.id} className="account-list__item">
            <div>
              <p className="account-list__title">{appointment.name}</p>
              <p className="account-muted">{formatCallTime(appointment.time_start)} (UK time) · Upcoming</p>
            </div>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/account/appointments">View and change your appointments</Link>
      </p>
    </section>
  );
}
