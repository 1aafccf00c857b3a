export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with the message (a letter to a GP as a PDF). */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** Sends one email; answers the provider's id for it, throws when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<{ providerId: string }>;
}
