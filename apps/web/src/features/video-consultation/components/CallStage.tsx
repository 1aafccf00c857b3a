import type { CallState } from '../hooks/useVideoCall';
import { VideoTile } from './VideoTile';

/** What the call's state means to the person on this side. */
export function callStatusText(state: CallState, otherSide: string): string {
  switch (state) {
    case 'connecting':
      return 'Joining the consultation…';
    case 'waiting':
      return `Waiting for ${otherSide} to join…`;
    case 'negotiating':
      return `Connecting you to ${otherSide}…`;
    case 'connected':
      return `You are connected to ${otherSide}.`;
    case 'reconnecting':
      return 'The connection dropped. Reconnecting…';
    case 'failed':
      return 'Your connection could not be made.';
    case 'ended':
      return 'The consultation has ended.';
  }
}

/** The two videos: the other side large, one's own small; the state announced politely. */
export function CallStage({ state, localStream, remoteStream, otherSide, remoteLabel }: { state: CallState; localStream: MediaStream | null; remoteStream: MediaStream | null; otherSide: string; remoteLabel: string }) {
  return (
    <div className="video-stage">
      <p className="video-stage__status" role="status" aria-live="polite">
        {callStatusText(state, otherSide)}
      </p>
      <div className="video-stage__videos">
        <VideoTile stream={remoteStream} label={remoteLabel} className="video-tile--remote" />
        <VideoTile stream={localStream} label="You" muted className="video-tile--self" />
      </div>
    </div>
  );
}
