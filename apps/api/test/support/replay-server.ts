import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** A reply recorded from (or written from the documentation of) an outside service. */
export interface Recording {
  status: number;
  body: unknown;
}

/** What the adapter under test sent: method, path with query, headers, and the JSON or form body (`{}` when none). */
export interface ReplayedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export function readRecordings(url: URL): Record<string, Recording> {
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, Recording>;
}

/**
 * A local HTTP server standing in for an outside service: each request is kept in `seen` and answered with
 * the recording `answer` picks, so an adapter is tested over real HTTP against the provider's replies.
 */
export async function replayServer(answer: (request: ReplayedRequest) => Recording) {
  const seen: ReplayedRequest[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const form = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const body = !raw ? {} : form ? Object.fromEntries(new URLSearchParams(raw)) : (JSON.parse(raw) as Record<string, unknown>);
      const replayed = { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body };
      seen.push(replayed);
      const recording = answer(replayed);
      response.writeHead(recording.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(recording.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
