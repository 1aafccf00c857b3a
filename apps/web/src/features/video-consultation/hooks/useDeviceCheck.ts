import { useCallback, useEffect, useRef, useState } from 'react';

export type DeviceStatus = 'idle' | 'asking' | 'ready' | 'denied' | 'missing' | 'in-use' | 'unsupported' | 'error';

export const DEVICE_MESSAGES: Record<Exclude<DeviceStatus, 'idle' | 'asking' | 'ready'>, string> = {
  denied:
    'Your browser is blocking the camera and microphone. Allow them for this site (the camera symbol in the address bar, or your phone’s settings for this browser), then try again.',
  missing: 'We could not find a camera or microphone. Connect one, or use a phone or tablet with a camera, then try again.',
  'in-use': 'Your camera or microphone is being used by another app. Close that app, then try again.',
  unsupported: 'This browser cannot make video calls. Please use an up-to-date Chrome, Safari, Edge or Firefox.',
  error: 'Your camera and microphone could not be started. Please try again.',
};

/** Which message a getUserMedia refusal deserves (the DOMException's name says why). */
export function deviceStatusOf(error: unknown): Exclude<DeviceStatus, 'idle' | 'asking' | 'ready'> {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'in-use';
  return 'error';
}

export function callsSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.RTCPeerConnection === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function' && typeof WebSocket === 'function';
}

/**
 * The pre-call check, headless: asks for the camera and microphone, keeps the stream for the call, and measures the
 * microphone's level (0 to 1) so the patient sees it hears them. The stream is stopped when the page goes.
 */
export function useDeviceCheck() {
  const [status, setStatus] = useState<DeviceStatus>('idle');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [level, setLevel] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);

  const start = useCallback(async () => {
    if (!callsSupported()) {
      setStatus('unsupported');
      return;
    }
    setStatus('asking');
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true });
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = media;
      setStream(media);
      setStatus('ready');
    } catch (error) {
      setStatus(deviceStatusOf(error));
    }
  }, []);

  // The microphone's level, a few times a second, while there is a stream.
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext !== 'function') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.frequencyBinCount);
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128) / 128);
      setLevel(Math.round(peak * 100) / 100);
    }, 250);
    return () => {
      window.clearInterval(timer);
      void context.close();
    };
  }, [stream]);

  useEffect(
    () => () => {
      streamRef.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return { status, stream, level, start, message: status === 'idle' || status === 'asking' || status === 'ready' ? null : DEVICE_MESSAGES[status] };
}
