import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { formatCallTime, type Appointment, type Task } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { Button, ButtonLink } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { TaskCompletedDialog } from '../../tasks';
import { useAppointments, useAssignedCoach, useBookCall, useCoachingStatus, useCoachSlots, useRescheduleCall } from '../api';
import { AddToCalendar } from '../components/AddToCalendar';
import { CancelCallDialog } from '../components/CancelCallDialog';
import { APPOINTMENTS_PATH, BOOK_CALL_PATH, COACHES_PATH, withTask } from '../paths';
import { SlotChoice } from '../../../ui/SlotChoice';
import '../../../ui/page-styles/tasks.css';
import '../coaches.css';

/**
 * /account/coaches/book — a call with the patient's coach: a day, then a free time in UK time, then 'Book this call'.
 * With ?reschedule={id} it moves that call instead. The confirmation offers the calendar file, moving and cancelling.
 */
export function Component() {
  const [search] = useSearchParams();
  const taskId = search.get('taskId');
  const rescheduleId = search.get('reschedule');
  useDocumentTitle(rescheduleId ? 'Move your call' : 'Book a call with your coach');
  const assigned = useAssignedCoach();
  const coach = assigned.data?.coach ?? null;
  const slots = useCoachSlots(coach?.id ?? null);
  const appointments = useAppointments();
  const status = useCoachingStatus();
  const book = useBookCall();
  const reschedule = useRescheduleCall();
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [booked, setBooked] = useState<Appointment | null>(null);
  const [completedTask, setCompletedTask] = useState<Task | null>(null);
  const [cancelled, setCancelled] = useState(false);

  if (assigned.isPending) return <LoadStatus status="loading" className="container" />;
  if (assigned.isError) return <LoadStatus status="error" className="container" onRetry={() => void assigned.refetch()} />;
  if (!coach) return <Navigate to={withTask(COACHES_PATH, taskId)} replace />;

  const moving = rescheduleId ? (appointments.data?.find((item) => item.id === rescheduleId) ?? null) : null;
  // A new call needs coaching and room under the limit of calls booked ahead; moving a call booked needs neither.
  const refusal = !rescheduleId && status.data && !status.data.canBook ? (status.data.message ?? status.data.bookingMessage) : null;
  const days = slots.data?.days ?? [];
  const error = book.error ?? reschedule.error;

  const submit = () => {
    if (!start) return;
    const done = (appointment: Appointment) => {
      setBooked(appointment);
      setDay(null);
      setStart(null);
    };
    if (rescheduleId) reschedule.mutate({ id: rescheduleId, start }, { onSuccess: done });
    else
      book.mutate(
        { coachId: coach.id, start },
        {
          onSuccess: ({ appointment, completedTask: task }) => {
            done(appointment);
            setCompletedTask(task);
          },
        },
      );
  };

  if (booked) {
    return (
      <div className="account-page container">
        <BackLink to={APPOINTMENTS_PATH}>Your appointments</BackLink>
        {cancelled ? (
          <>
            <h1>Your call has been cancelled</h1>
            <p>We have let {coach.firstName} know. You can book another time whenever you like.</p>
            <ButtonLink to={BOOK_CALL_PATH} onClick={() => { setBooked(null); setCancelled(false); }}>
              Book another call
            </ButtonLink>
          </>
        ) : (
          <>
            <h1>Your call is booked</h1>
            <section className="account-card coach-booked" aria-label="Your call">
              <img src={booked.img} alt="" width={64} height={64} />
              <div>
                <p className="account-list__title">{booked.name}</p>
                <p>{formatCallTime(booked.time_start)} (UK time)</p>
                <p className="account-muted">{booked.details}</p>
              </div>
            </section>
            <p>We have emailed you the details, and we will remind you the day before. You can move or cancel the call up to 2 hours before it starts.</p>
            <div className="coach-actions">
              <AddToCalendar appointment={booked} />
              {booked.can_change ? (
                <>
                  <ButtonLink variant="secondary" to={`${BOOK_CALL_PATH}?reschedule=${encodeURIComponent(booked.id)}`} onClick={() => setBooked(null)}>
                    Reschedule
                  </ButtonLink>
                  <CancelCallDialog appointment={booked} label="Cancel call" onCancelled={() => setCancelled(true)} />
                </>
              ) : null}
            </div>
            <p>
              <ButtonLink variant="link" to={APPOINTMENTS_PATH}>
                View your appointments
              </ButtonLink>
            </p>
          </>
        )}
        <TaskCompletedDialog task={completedTask} nextLabel="Continue" onClose={() => setCompletedTask(null)} />
      </div>
    );
  }

  return (
    <div className="account-page container">
      <BackLink to={rescheduleId ? APPOINTMENTS_PATH : taskId ? '/account/health-actions' : '/account/home'}>{rescheduleId ? 'Your appointments' : taskId ? 'Back to my tasks' : 'Back to my account'}</BackLink>
      <h1>{rescheduleId ? 'Move your call' : `Book a call with ${coach.firstName}`}</h1>
      {moving ? <p>Your call is now on {formatCallTime(moving.time_start)} (UK time). Choose a new time below.</p> : null}
      {refusal ? (
        <section className="account-card" aria-label="Booking a call">
          <p>{refusal}</p>
          {/* Not eligible: the back link above is the way out; a second one would say the same. */}
          {status.data?.eligible ? (
            <ButtonLink variant="secondary" to={APPOINTMENTS_PATH}>
              View your appointments
            </ButtonLink>
          ) : null}
        </section>
      ) : null}
      <p>Calls take about 20 minutes; {coach.firstName} will phone you. All times are UK time.</p>
      {slots.isPending ? <LoadStatus status="loading" /> : null}
      {slots.isError ? <LoadStatus status="error" onRetry={() => void slots.refetch()} /> : null}
      {slots.data && days.length === 0 ? <p>{coach.firstName} has no free times in the next 14 days. Please check again soon, or choose another coach.</p> : null}
      {days.length > 0 && !refusal ? (
        <form
          className="coach-booking"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <SlotChoice
            days={days}
            day={day}
            start={start}
            onDay={(chosen) => {
              setDay(chosen);
              setStart(null);
            }}
            onStart={setStart}
          />
          <ErrorMessage>{error ? error.message : null}</ErrorMessage>
          <Button type="submit" size="lg" disabled={!start} loading={book.isPending || reschedule.isPending}>
            Book this call
          </Button>
        </form>
      ) : null}
      {!rescheduleId ? (
        <p>
          <ButtonLink variant="link" to={withTask(COACHES_PATH, taskId)}>
            Choose a different coach
          </ButtonLink>
        </p>
      ) : null}
    </div>
  );
}
