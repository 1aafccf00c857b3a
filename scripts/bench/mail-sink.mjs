import { SMTPServer } from 'smtp-server';

const CODE_SUBJECT = /^Subject: Your .+ code: (\d{6})\s*$/m;

/**
 * A local SMTP server that accepts every message: placing orders sends mail, and a refused connection would leave
 * the job queue retrying (and logging) through the rest of the benchmark. It keeps only the sign-up codes, by
 * recipient, for the bench's patients to open their accounts with (`codeFor`), and how many messages each
 * recipient was sent (`receivedBy`).
 */
export async function startMailSink() {
  const codes = new Map();
  const waiting = new Map();
  const received = new Map();
  const codeWaits = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo) received.set(address.toLowerCase(), (received.get(address.toLowerCase()) ?? 0) + 1);
        const code = head.match(CODE_SUBJECT)?.[1];
        if (code) {
          for (const { address } of session.envelope.rcptTo) {
            const to = address.toLowerCase();
            codes.set(to, { code, at: Date.now() });
            waiting.get(to)?.(code);
            waiting.delete(to);
          }
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    /**
     * The sign-up code emailed to `email` since `since` (ms; a sign-up sent again gets a new code), waiting for its
     * email (sent by a job a moment after the sign-up).
     */
    codeFor(email, timeoutMs = 30_000, since = 0) {
      const to = email.toLowerCase();
      const kept = codes.get(to);
      if (kept && kept.at >= since) return Promise.resolve(kept.code);
      const asked = Date.now();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no sign-up code reached ${email} in ${timeoutMs} ms`)), timeoutMs);
        waiting.set(to, (code) => {
          clearTimeout(timer);
          codeWaits.push(Date.now() - asked);
          resolve(code);
        });
      });
    },
    /** How long the longest wait for a sign-up code took, in ms (0 when each had come before it was asked for). */
    longestCodeWaitMs: () => Math.max(0, ...codeWaits),
    receivedBy: (email) => received.get(email.toLowerCase()) ?? 0,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
