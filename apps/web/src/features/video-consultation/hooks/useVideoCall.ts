import { useCallback, useEffect, useRef, useState } from 'react';
import { SIGNAL_CLOSE, type IceServer, type SignalFromShop } from '@elmwood/domain';

export type CallState = 'connecting' | 'waiting' | 'negotiating' | 'connected' | 'reconnecting' | 'failed' | 'ended';

export interface CallOptions {
  /** The room's WebSocket address (signalUrl). */
  url: string;
  /** The prescriber makes the offer; the patient answers it. */
  role: 'patient' | 'prescriber';
  /** The camera and microphone from the device check; the call starts once it is there. */
  localStream: MediaStream | null;
  /** Once the room is not to be (re)joined (the page is closing): false. */
  enabled?: boolean;
}

/** How long a call may take to connect, or to come back after it dropped, before the patient is told it could not be made. */
export const CONNECT_TIMEOUT_MS = 25_000;
/** Attempts to reopen a dropped signalling connection, waiting 1, 2, 4, 8 and 8 seconds. */
const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 8000];
/** Closes after which coming back is pointless: not allowed, no such room, not open, replaced, ended. */
const FINAL_CLOSES: readonly number[] = [SIGNAL_CLOSE.notAllowed, SIGNAL_CLOSE.notFound, SIGNAL_CLOSE.closed, SIGNAL_CLOSE.replaced, SIGNAL_CLOSE.ended];

/**
 * A consultation's call, headless: the signalling WebSocket (with reconnection after a drop), one RTCPeerConnection per
 * meeting of the two sides (the prescriber offers, the patient answers; a side that comes back starts a new one), ICE
 * servers as the shop hands them, and a timeout that turns a call that cannot connect into 'failed'. Media goes
 * browser to browser; nothing is recorded.
 */
export function useVideoCall({ url, role, localStream, enabled = true }: CallOptions) {
  const [state, setState] = useState<CallState>('connecting');
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [generation, setGeneration] = useState(0);
  const socket = useRef<WebSocket | null>(null);
  const peer = useRef<RTCPeerConnection | null>(null);
  const iceServers = useRef<IceServer[]>([]);
  const pendingCandidates = useRef<RTCIceCandidateInit[]>([]);
  const timer = useRef<number | null>(null);
  const over = useRef(false);

  const clearTimer = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  useEffect(() => {
    if (!enabled || !localStream) return;
    over.current = false;
    let attempts = 0;
    let reconnect: number | null = null;
    let disposed = false;

    const fail = () => {
      if (over.current) return;
      over.current = true;
      clearTimer();
      closePeer();
      socket.current?.close(1000, 'Could not connect');
      setState('failed');
    };
    /** Not connected within the time allowed: the honest fallback. */
    const armTimeout = () => {
      clearTimer();
      timer.current = window.setTimeout(fail, CONNECT_TIMEOUT_MS);
    };
    const send = (message: object) => {
      if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(message));
    };
    function closePeer() {
      peer.current?.close();
      peer.current = null;
      pendingCandidates.current = [];
      setRemoteStream(null);
    }

    function newPeer(): RTCPeerConnection {
      closePeer();
      const connection = new RTCPeerConnection({ iceServers: iceServers.current });
      for (const track of localStream!.getTracks()) connection.addTrack(track, localStream!);
      connection.ontrack = (event) => setRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
      connection.onicecandidate = (event) => {
        if (event.candidate) send({ type: 'candidate', candidate: event.candidate.toJSON() });
      };
      connection.onconnectionstatechange = () => {
        if (peer.current !== connection) return;
        const now = connection.connectionState;
        if (now === 'connected') {
          clearTimer();
          setState('connected');
        } else if (now === 'disconnected' || now === 'failed') {
          // The network dropped: the prescriber's side offers again (an ICE restart); both wait the time allowed.
          setState('reconnecting');
          armTimeout();
          if (role === 'prescriber' && now === 'failed') void offer(true);
        }
      };
      peer.current = connection;
      return connection;
    }

    async function offer(iceRestart = false) {
      const connection = iceRestart && peer.current ? peer.current : newPeer();
      setState((current) => (current === 'connected' ? current : 'negotiating'));
      armTimeout();
      const description = await connection.createOffer(iceRestart ? { iceRestart: true } : undefined);
      await connection.setLocalDescription(description);
      send({ type: 'description', description: { type: 'offer', sdp: description.sdp ?? '' } });
    }

    async function onDescription(description: { type: 'offer' | 'answer'; sdp: string }) {
      if (description.type === 'offer') {
        // An offer starts (or restarts) the call on the patient's side.
        const connection = peer.current && peer.current.signalingState !== 'closed' && peer.current.connectionState !== 'failed' ? peer.current : newPeer();
        setState((current) => (current === 'connected' ? current : 'negotiating'));
        armTimeout();
        await connection.setRemoteDescription(description);
        await flushCandidates(connection);
        const answer = await connection.createAnswer();
        await connection.setLocalDescription(answer);
        send({ type: 'description', description: { type: 'answer', sdp: answer.sdp ?? '' } });
      } else if (peer.current && peer.current.signalingState === 'have-local-offer') {
        await peer.current.setRemoteDescription(description);
        await flushCandidates(peer.current);
      }
    }

    async function flushCandidates(connection: RTCPeerConnection) {
      for (const candidate of pendingCandidates.current.splice(0)) await connection.addIceCandidate(candidate).catch(() => undefined);
    }

    async function onMessage(message: SignalFromShop) {
      switch (message.type) {
        case 'welcome':
          attempts = 0;
          iceServers.current = message.iceServers;
          if (message.peerPresent && role === 'prescriber') await offer();
          else if (!message.peerPresent) {
            clearTimer();
            setState('waiting');
          } else {
            setState('negotiating');
            armTimeout();
          }
          return;
        case 'peer-joined':
          if (role === 'prescriber') await offer();
          else {
            closePeer();
            setState('negotiating');
            armTimeout();
          }
          return;
        case 'peer-left':
          clearTimer();
          closePeer();
          setState('waiting');
          return;
        case 'ended':
          over.current = true;
          clearTimer();
          closePeer();
          setState('ended');
          return;
        case 'description':
          await onDescription(message.description);
          return;
        case 'candidate':
          if (peer.current?.remoteDescription) await peer.current.addIceCandidate(message.candidate).catch(() => undefined);
          else pendingCandidates.current.push(message.candidate);
          return;
      }
    }

    function open() {
      if (disposed || over.current) return;
      const ws = new WebSocket(url);
      socket.current = ws;
      ws.onmessage = (event) => {
        if (socket.current !== ws || typeof event.data !== 'string') return;
        let message: SignalFromShop;
        try {
          message = JSON.parse(event.data) as SignalFromShop;
        } catch {
          return;
        }
        onMessage(message).catch(() => {
          setState('reconnecting');
          armTimeout();
        });
      };
      ws.onclose = (event) => {
        if (socket.current !== ws || disposed || over.current) return;
        if (FINAL_CLOSES.includes(event.code)) {
          if (event.code === SIGNAL_CLOSE.ended) {
            over.current = true;
            closePeer();
            setState('ended');
          } else fail();
          return;
        }
        // Dropped (a network change, the shop restarting): the media may carry on; the signalling comes back.
        const delay = RECONNECT_DELAYS_MS[attempts];
        attempts += 1;
        if (delay === undefined) {
          fail();
          return;
        }
        setState((current) => (current === 'connected' ? current : 'reconnecting'));
        reconnect = window.setTimeout(open, delay);
      };
    }

    open();
    return () => {
      disposed = true;
      if (reconnect !== null) window.clearTimeout(reconnect);
      clearTimer();
      const ws = socket.current;
      socket.current = null;
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'bye' }));
      ws?.close(1000, 'Left');
      peer.current?.close();
      peer.current = null;
    };
  }, [url, role, localStream, enabled, generation]);

  /** Leaves the call (the other side is told). */
  const leave = useCallback(() => {
    over.current = true;
    clearTimer();
    const ws = socket.current;
    socket.current = null;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'bye' }));
    ws?.close(1000, 'Left');
    peer.current?.close();
    peer.current = null;
    setRemoteStream(null);
    setState('ended');
  }, []);

  /** Tries again after a failure: a new connection from the start. */
  const retry = useCallback(() => {
    over.current = false;
    setState('connecting');
    setGeneration((value) => value + 1);
  }, []);

  return { state, remoteStream, leave, retry };
}
