import type { AccountHome } from '@elmwood/domain';
import { formatUkDate } from '../dates';

export function Appointments({ appointments }: { appointments: AccountHome['appointments'] }) {
  return (
    <section className="account-card" aria-labelledby="appointments-title">
      <h2 id="appointments-title">Appointments</h2>
      {appointments.length === 0 ? (
        <p className="account-muted">You have no appointments booked.</p>
      ) : (
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
      )}
    </section>
  );
}
