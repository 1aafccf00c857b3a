import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import type { useDeviceCheck } from '../hooks/useDeviceCheck';
import { VideoTile } from './VideoTile';

/**
 * The pre-call check: the browser asks for the camera and microphone; the patient sees themselves and the microphone's
 * level, or what to do when a device is blocked, missing or busy.
 */
export function DeviceCheck({ check, selfLabel = 'Your camera' }: { check: ReturnType<typeof useDeviceCheck>; selfLabel?: string }) {
  const { status, stream, level, start, message } = check;
  return (
    <section className="video-check" aria-labelledby="video-check-title">
      <h2 id="video-check-title">Check your camera and microphone</h2>
      {status === 'ready' ? (
        <>
          <VideoTile stream={stream} label={selfLabel} muted className="video-tile--self-check" />
          <div className="video-check__mic">
            <label htmlFor="video-check-level">Microphone level</label>
            <meter id="video-check-level" min={0} max={1} low={0.05} value={level}>
              {Math.round(level * 100)}%
            </meter>
          </div>
          <p role="status">Your camera and microphone are working.</p>
        </>
      ) : (
        <>
          <p>When you continue, your browser will ask to use your camera and microphone. Please allow both: the prescriber needs to see and hear you.</p>
          <ErrorMessage>{message}</ErrorMessage>
          <Button variant={status === 'idle' ? 'primary' : 'secondary'} loading={status === 'asking'} onClick={() => void start()} disabled={status === 'unsupported'}>
            {status === 'idle' ? 'Check camera and microphone' : 'Try again'}
          </Button>
        </>
      )}
    </section>
  );
}
