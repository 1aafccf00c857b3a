import type { AccountHome } from '@elmwood/domain';
import { formatUkDate } from '../dates';

/** The patient's bookings; shown only when there are any (SPEC §2 account: appointments when present). */
export function Appointments({ appointments }: { appointments: AccountHome['appointments'] }) {
  if (appointments.length === 0) return null;
  return (
    <section className="account-card" aria-labelledby="appointments-title">
      <h2 id="appointments-title">Appointments</h2>
      <ul className="account-list">
          {appointments.map((appointment) => (
            <li key={`${appointment.name}-${appointment.date}`} className="account-list__item">
              <div>
                <p className="account-list__title">{appointment.name}</p>
                <p className="account-muted">
                  {formatUkDate(appointment.date)} · {appointment.type === 'past' ? (appointment.attended === false ? 'Missed' : 'Past') : 'Upcoming'}
                </p>
                {appointment.details ? <p>{appointment.details}</p> : null}
              </div>
            </li>
          ))}
      </ul>
    </section>
  );
}
