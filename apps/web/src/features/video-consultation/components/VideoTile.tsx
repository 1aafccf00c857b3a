import { useEffect, useRef } from 'react';
import '../video-consultation.css';

/** A video element showing a stream (muted for one's own, so nobody hears themselves). */
export function VideoTile({ stream, label, muted = false, className }: { stream: MediaStream | null; label: string; muted?: boolean; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <figure className={`video-tile ${className ?? ''}`}>
      <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}
