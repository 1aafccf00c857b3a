import { useEffect, useMemo } from 'react';
import { appointmentIcs, type Appointment } from '@elmwood/domain';

/** 'Add to calendar': the call as an .ics file, made in the browser from the booking. */
export function AddToCalendar({ appointment, brandName = 'Elmwood Health' }: { appointment: Appointment; brandName?: string }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([appointmentIcs(appointment, brandName, new Date())], { type: 'text/calendar' })), [appointment, brandName]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <a className="btn btn--secondary btn--md" href={url} download="coach-call.ics">
      <span className="btn__label">Add to calendar</span>
    </a>
  );
}
