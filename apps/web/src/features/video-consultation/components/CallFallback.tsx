import { VIDEO_CONSULTATION_MESSAGES } from '@elmwood/domain';
import { CARE_PHONE, CARE_PHONE_HREF } from '../../../lib/config';
import { Button, ButtonLink } from '../../../ui/Button';
import '../video-consultation.css';

const BOOKING_PATH = '/account/video-consultation';

/** The honest fallback when the call cannot be made. */
export function CallFallback({ onRetry, rebookPath = BOOKING_PATH, otherSide = 'the prescriber' }: { onRetry: () => void; rebookPath?: string | null; otherSide?: string }) {
  return (
    <section className="video-fallback" role="alert" aria-labelledby="video-fallback-title">
      <h2 id="video-fallback-title">{VIDEO_CONSULTATION_MESSAGES.connectionFailed}</h2>
      <p>
        Your camera and {otherSide} could not be connected. You can try again{rebookPath ? ', book another time,' : ''} or call us on <a href={CARE_PHONE_HREF}>{CARE_PHONE}</a> and we will
        arrange the check another way.
      </p>
      <div className="video-actions">
        <Button onClick={onRetry}>Try again</Button>
        {rebookPath ? (
          <ButtonLink variant="secondary" to={rebookPath}>
            Book another time
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}

