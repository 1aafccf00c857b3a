import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatCallTime, type PatientVerification } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { CallFallback, CallStage, DeviceCheck, signalUrl, useDeviceCheck, useVideoCall } from '../../video-consultation';
import { useClinicVideoConsultation, useEndVideoConsultation, useRecordVideoVerification } from '../api';
import { Section } from '../components/Section';
import { VerificationForm } from '../components/VerificationForm';
import { can } from '../roles';
import { useStaff } from '../useStaffSession';

/** The call, once the prescriber's camera and microphone are ready. */
function Call({ id, stream, onLeave }: { id: string; stream: MediaStream; onLeave: () => void }) {
  const call = useVideoCall({ url: signalUrl(`/shop-api/clinic/video-consultations/${encodeURIComponent(id)}/signal`), role: 'prescriber', localStream: stream });
  if (call.state === 'failed') return <CallFallback onRetry={call.retry} rebookPath={null} otherSide="the patient" />;
  return (
    <>
      <CallStage state={call.state} localStream={stream} remoteStream={call.remoteStream} otherSide="the patient" remoteLabel="Patient" />
      {call.state !== 'ended' ? (
        <Button
          variant="secondary"
          onClick={() => {
            call.leave();
            onLeave();
          }}
        >
          Leave the call
        </Button>
      ) : null}
    </>
  );
}

/**
 * /clinic/video-consultations/:id — the prescriber's call panel: the call (device check first), and beside it what they
 * observe, recorded as a verification by video (weight read from the scales, height, identity against the photo ID);
 * then they end the consultation and go to the order to decide. Nothing is recorded of the call itself.
 */
export function Component() {
  const { id = '' } = useParams();
  useDocumentTitle('Video consultation');
  const staff = useStaff();
  const consultation = useClinicVideoConsultation(id);
  const record = useRecordVideoVerification(id);
  const end = useEndVideoConsultation(id);
  const check = useDeviceCheck();
  const [joined, setJoined] = useState(false);
  const [recorded, setRecorded] = useState<PatientVerification | null>(null);
  if (consultation.isPending) return <LoadStatus status="loading" />;
  if (consultation.isError) {
    if (isApiError(consultation.error) && consultation.error.isNotFound) return <EmptyState headingLevel={1} title="No such video consultation" message="Check the link and try again." />;
    return <LoadStatus status="error" onRetry={() => void consultation.refetch()} />;
  }
  const booked = consultation.data;
  const prescriber = can(staff.role, 'decide');
  const done = booked.verificationId !== null || recorded !== null;
  return (
    <div className="clinic-page">
      <div className="clinic-page__head">
        <h1>Video consultation with {booked.patient.name}</h1>
      </div>
      <p>
        {formatCallTime(booked.startsAt)} (UK time), booked with {booked.prescriber}.
        {booked.patient.dateOfBirth ? ` Date of birth: ${booked.patient.dateOfBirth}.` : ''}
        {booked.orderNumber ? (
          <>
            {' '}
            Order <Link to={`/clinic/orders/${encodeURIComponent(booked.orderNumber)}`}>{booked.orderNumber}</Link>.
          </>
        ) : null}
      </p>
      <div className="clinic-review">
        <div className="clinic-review__main">
          {booked.status !== 'booked' ? (
            <p>This consultation is {booked.status}.</p>
          ) : !booked.canJoin ? (
            <p>The call opens 10 minutes before it starts.</p>
          ) : !prescriber ? (
            <p className="clinic-muted">Only a prescriber joins the call.</p>
          ) : joined && check.stream ? (
            <Call id={booked.id} stream={check.stream} onLeave={() => setJoined(false)} />
          ) : (
            <>
              <DeviceCheck check={check} />
              {check.status === 'ready' ? <Button onClick={() => setJoined(true)}>Join the call</Button> : null}
            </>
          )}
        </div>
        <div className="clinic-review__side">
          {prescriber ? (
            <Section title="What you observed">
              {done ? (
                <p role="status">
                  Recorded{recorded ? `: ${recorded.weightKg} kg, ${recorded.heightCm} cm, BMI ${recorded.bmi?.toFixed(1) ?? '—'}, identity ${recorded.identityChecked ? 'checked' : 'not checked'}` : ''}. The order’s review
                  shows it beside what the patient declared.
                </p>
              ) : booked.status === 'cancelled' ? (
                <p>The consultation was cancelled.</p>
              ) : (
                <>
                  <p className="clinic-muted">Ask the patient to step on the scales in view of the camera and to hold their photo ID beside their face.</p>
                  <VerificationForm video pending={record.isPending} error={record.error} submitLabel="Record verification" onSubmit={({ weightKg, heightCm, identityChecked, evidence }) => record.mutate({ weightKg, heightCm, identityChecked, evidence }, { onSuccess: setRecorded })} />
                </>
              )}
              {booked.status === 'booked' ? (
                <div className="clinic-actions">
                  <Button variant={done ? 'primary' : 'secondary'} loading={end.isPending} onClick={() => end.mutate(undefined, { onSuccess: () => setJoined(false) })}>
                    End the consultation
                  </Button>
                </div>
              ) : null}
              {booked.status === 'completed' && booked.orderNumber ? (
                <p>
                  <Link to={`/clinic/orders/${encodeURIComponent(booked.orderNumber)}`}>Go to order {booked.orderNumber} to decide</Link>
                </p>
              ) : null}
            </Section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
