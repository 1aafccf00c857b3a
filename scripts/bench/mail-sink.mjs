import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server that accepts every message and drops it: placing orders sends mail, and a refused
 * connection would leave the job queue retrying (and logging) through the rest of the benchmark.
 */
export async function startMailSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
