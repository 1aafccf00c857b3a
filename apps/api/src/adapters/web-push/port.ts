/** A device's push subscription: the push service's address for it and the keys messages are encrypted to (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  /** The device's P-256 public key (65 bytes, uncompressed), base64url. */
  p256dh: string;
  /** The device's 16-byte authentication secret, base64url. */
  auth: string;
}

export interface PushMessage {
  target: PushTarget;
  /** What the service worker receives (JSON text); at most MAX_PUSH_PAYLOAD_BYTES. */
  payload: string;
  /** How long the push service may hold it for a device that is off (RFC 8030 §5.2). */
  ttlSeconds: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces one the device has not received yet (RFC 8030 §5.4). */
  topic?: string;
}

/** What a push service answered, sorted by what to do next. */
export class PushError extends Error {
  constructor(
    /** gone: the subscription no longer exists (404, 410), remove it; refused: this message will never go; busy: try again later. */
    readonly reason: 'gone' | 'refused' | 'busy',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PushError';
  }
}

/** Hands one encrypted message to the push service of one device; answers the message's address there, if it gave one. */
export interface PushService {
  readonly name: 'sandbox' | 'live';
  send(message: PushMessage): Promise<{ providerId: string | null }>;
}

/** RFC 8291 §4: a push message's plaintext must leave room in one 4096-byte record. */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;
