import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatCallTime, ukTimeOfDay } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { Button, ButtonLink } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { signalUrl, useVideoConsultation } from '../api';
import { CallFallback } from '../components/CallFallback';
import { CallStage } from '../components/CallStage';
import { DeviceCheck } from '../components/DeviceCheck';
import { useDeviceCheck } from '../hooks/useDeviceCheck';
import { useVideoCall } from '../hooks/useVideoCall';
import '../video-consultation.css';

const BOOKING_PATH = '/account/video-consultation';


/** The call itself, once the devices are ready. */
function Call({ id, stream }: { id: string; stream: MediaStream }) {
  const call = useVideoCall({ url: signalUrl(`/shop-api/video-consultations/${encodeURIComponent(id)}/signal`), role: 'patient', localStream: stream });
  if (call.state === 'failed') return <CallFallback onRetry={call.retry} />;
  return (
    <>
      <CallStage state={call.state} localStream={stream} remoteStream={call.remoteStream} otherSide="your prescriber" remoteLabel="Your prescriber" />
      {call.state === 'ended' ? (
        <section className="account-card" aria-labelledby="video-ended-title">
          <h2 id="video-ended-title">Thank you</h2>
          <p>Your prescriber will now review your order. We will email you as soon as they have decided.</p>
          <ButtonLink to="/account/home">Back to my account</ButtonLink>
        </section>
      ) : (
        <div className="video-actions">
          <Button variant="secondary" onClick={call.leave}>
            Leave consultation
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * /account/video-consultation/:id — the waiting room and the call: a device check first (permission asked with clear
 * messages), then the call with the prescriber; a call that cannot connect says so and offers to rebook or call.
 */
export function Component() {
  const { id = '' } = useParams();
  const consultation = useVideoConsultation(id);
  const check = useDeviceCheck();
  const [joined, setJoined] = useState(false);
  useDocumentTitle('Your video consultation');
  if (consultation.isPending) return <LoadStatus status="loading" className="container" />;
  if (consultation.isError) return <LoadStatus status="error" className="container" onRetry={() => void consultation.refetch()} />;
  const booked = consultation.data;
  return (
    <div className="account-page container">
      <BackLink to={BOOKING_PATH}>Your video consultation</BackLink>
      <h1>Your video consultation</h1>
      <p>
        {formatCallTime(booked.startsAt)} (UK time) with {booked.prescriber}. Have your photo ID and bathroom scales ready. Nothing is recorded.
      </p>
      {booked.status !== 'booked' ? (
        <p>
          This consultation is {booked.status}. <Link to={BOOKING_PATH}>See your video consultations</Link>.
        </p>
      ) : !booked.canJoin && !joined ? (
        <section className="account-card" aria-labelledby="video-wait-title">
          <h2 id="video-wait-title">It is not time yet</h2>
          <p>You can join from {ukTimeOfDay(new Date(booked.opensAt))} on the day. This page will let you in then.</p>
        </section>
      ) : joined && check.stream ? (
        <Call id={booked.id} stream={check.stream} />
      ) : (
        <>
          <DeviceCheck check={check} />
          {check.status === 'ready' ? (
            <Button size="lg" onClick={() => setJoined(true)}>
              Join consultation
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
