import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Each header's raw value, by its name in lower case (mailparser's own map merges the List-* headers). */
  headers: Map<string, string>;
  /** Files sent with the message (a GP letter's PDF). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const inboxes = new Map<string, ReceivedMail[]>();
/** The inbox of the test SMTP server at this URL (an app configured with it sends there). */
export const inboxAt = (url: string): ReceivedMail[] | undefined => inboxes.get(url);

/** A real SMTP server on a free local port; every message it accepts is parsed and kept. */
export async function startSmtpServer(): Promise<{ url: string; inbox: ReceivedMail[]; close(): Promise<void> }> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: new Map(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()])),
            attachments: mail.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, content: file.content })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  inboxes.set(`smtp://127.0.0.1:${port}`, inbox);
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
