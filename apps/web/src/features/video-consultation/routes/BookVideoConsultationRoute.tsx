import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCallTime, ukTimeOfDay, VIDEO_CONSULTATION_MINUTES, type VideoConsultation } from '@elmwood/domain';
import { CARE_PHONE, CARE_PHONE_HREF } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { Button, ButtonLink } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useBookVideoConsultation, useCancelVideoConsultation, useRescheduleVideoConsultation, useVideoConsultations, useVideoSlots } from '../api';
import { SlotChoice } from '../../../ui/SlotChoice';
import '../../../ui/page-styles/tasks.css';
import '../video-consultation.css';

const PATH = '/account/video-consultation';

/** The booked consultation: when, with whom, and joining, moving or cancelling it. */
function Booked({ consultation, onMove }: { consultation: VideoConsultation; onMove: () => void }) {
  const cancel = useCancelVideoConsultation();
  return (
    <section className="account-card" aria-labelledby="video-booked-title">
      <h2 id="video-booked-title">Your video consultation</h2>
      <p>
        <strong>{formatCallTime(consultation.startsAt)}</strong> (UK time) with {consultation.prescriber}.
      </p>
      {consultation.canJoin ? (
        <ButtonLink size="lg" to={`${PATH}/${encodeURIComponent(consultation.id)}`}>
          Join your consultation
        </ButtonLink>
      ) : (
        <p>You can join from {ukTimeOfDay(new Date(consultation.opensAt))} on the day. We will remind you the day before and an hour before.</p>
      )}
      <ErrorMessage>{cancel.error ? cancel.error.message : null}</ErrorMessage>
      {consultation.canChange ? (
        <div className="video-actions">
          <Button variant="secondary" onClick={onMove}>
            Move to another time
          </Button>
          <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate(consultation.id)}>
            Cancel consultation
          </Button>
        </div>
      ) : (
        <p className="account-muted">
          To change it now, please call us on <a href={CARE_PHONE_HREF}>{CARE_PHONE}</a>.
        </p>
      )}
    </section>
  );
}

/** A day, then a free time in UK time, then 'Book this time' (or 'Move to this time'). */
function SlotPicker({ moving, onDone }: { moving: VideoConsultation | null; onDone: () => void }) {
  const slots = useVideoSlots(true);
  const book = useBookVideoConsultation();
  const reschedule = useRescheduleVideoConsultation();
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const days = slots.data?.days ?? [];
  const error = book.error ?? reschedule.error;
  if (slots.isPending) return <LoadStatus status="loading" />;
  if (slots.isError) return <LoadStatus status="error" onRetry={() => void slots.refetch()} />;
  if (days.length === 0) {
    return (
      <p>
        There are no free times in the next 14 days. Please check again tomorrow, or call us on <a href={CARE_PHONE_HREF}>{CARE_PHONE}</a>.
      </p>
    );
  }
  return (
    <form
      className="video-booking"
      onSubmit={(event) => {
        event.preventDefault();
        if (!start) return;
        if (moving) reschedule.mutate({ id: moving.id, start }, { onSuccess: onDone });
        else book.mutate(start, { onSuccess: onDone });
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
        {moving ? 'Move to this time' : 'Book this time'}
      </Button>
    </form>
  );
}

/**
 * /account/video-consultation — a weight-loss order waits on a prescriber verifying the patient's weight, height and
 * identity: they book a short video consultation here (the task 'Book your video consultation' leads here), then
 * join it, move it or cancel it.
 */
export function Component() {
  const [search] = useSearchParams();
  const taskId = search.get('taskId');
  const overview = useVideoConsultations();
  const [moving, setMoving] = useState(false);
  useDocumentTitle('Book your video consultation');
  if (overview.isPending) return <LoadStatus status="loading" className="container" />;
  if (overview.isError) return <LoadStatus status="error" className="container" onRetry={() => void overview.refetch()} />;
  const { upcoming, needed } = overview.data;
  return (
    <div className="account-page container">
      <BackLink to={taskId ? '/account/health-actions' : '/account/home'}>{taskId ? 'Back to my tasks' : 'Back to my account'}</BackLink>
      <h1>{upcoming && !moving ? 'Your video consultation' : moving ? 'Move your video consultation' : 'Book your video consultation'}</h1>
      {upcoming && !moving ? <Booked consultation={upcoming} onMove={() => setMoving(true)} /> : null}
      {(!upcoming && needed) || moving ? (
        <>
          <p>
            Before we can prescribe a weight-loss medicine, UK rules ask one of our prescribers to check your weight, height and identity themselves. It is a
            short video call, about {VIDEO_CONSULTATION_MINUTES} minutes, in your browser: no app to install, and nothing is recorded.
          </p>
          <section className="account-card" aria-labelledby="video-ready-title">
            <h2 id="video-ready-title">What you will need</h2>
            <ul>
              <li>a phone, tablet or computer with a camera and microphone</li>
              <li>your photo ID (passport or driving licence)</li>
              <li>bathroom scales, and room to stand on them in view of the camera</li>
            </ul>
          </section>
          <p>All times are UK time. You can move or cancel up to 1 hour before.</p>
          <SlotPicker moving={moving ? upcoming : null} onDone={() => setMoving(false)} />
          {moving ? (
            <p>
              <Button variant="link" onClick={() => setMoving(false)}>
                Keep my current time
              </Button>
            </p>
          ) : null}
        </>
      ) : null}
      {!upcoming && !needed ? <p>You do not need a video consultation at the moment. We will ask you when your next one is due.</p> : null}
    </div>
  );
}
