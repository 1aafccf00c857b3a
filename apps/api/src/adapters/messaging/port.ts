export type TextChannel = 'sms' | 'whatsapp';

export interface TextMessage {
  channel: TextChannel;
  /** E.164, e.g. +447700900123. */
  to: string;
  body: string;
}

/** Why a provider refused a message: an address that can never work is not retried, a busy provider is. */
export class TextMessageError extends Error {
  constructor(
    readonly reason: 'invalid_number' | 'rate_limited' | 'unavailable' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'TextMessageError';
  }

  get permanent(): boolean {
    return this.reason === 'invalid_number' || this.reason === 'refused';
  }
}

/** Sends one SMS or WhatsApp message; answers the provider's id for it. */
export interface TextMessenger {
  send(message: TextMessage): Promise<{ providerId: string }>;
}
