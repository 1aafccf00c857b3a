export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one email; throws when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
