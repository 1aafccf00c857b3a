import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsBrotli } from './serialised-json';

/** How long a cached reply stays what its route would send: the cache sets expiresAt to 0 when it forgets the reply. */
export interface Freshness {
  expiresAt: number;
}

interface Recorded {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer | null;
  etag: string | undefined;
}

type Representation = 'br' | 'plain';

interface Entry {
  /** The route pattern that answered it first (for request metrics). */
  route: string;
  freshness: Freshness;
  compressible: boolean;
  ok: Partial<Record<Representation, Recorded>>;
  notModified: Partial<Record<Representation, Recorded>>;
}

/** A replayed reply: its route pattern, status and the seconds it took. */
export type ReplayObserver = (route: string, status: number, seconds: number) => void;

interface Mark {
  freshness: Freshness;
  compressible: boolean;
}

/**
 * The cached public reads (catalogue, questionnaire) replayed before Fastify sees the request. Routing, hooks, zod
 * and the reply pipeline cost a cached read more CPU than its own work (issue 21), yet for a cookie-less GET of a
 * URL already answered from a fresh cache entry they can only give the same answer again. So the route's own
 * reply is recorded exactly as Fastify sent it (status, every header, bytes) under the raw URL, and replayed for
 * the same URL, representation and If-None-Match outcome until the cache entry expires; anything else, including
 * the first request, goes through Fastify as before.
 */
export class PrebuiltReplies {
  private readonly entries = new Map<string, Entry>();
  private readonly marks = new WeakMap<FastifyReply, Mark>();
  private serving = true;
  private replayed: ReplayObserver | null = null;

  constructor(private readonly maxEntries = 1000) {}

  /** Marks a reply sent from a cache entry as one that may be replayed while the entry is fresh. */
  mark(reply: FastifyReply, freshness: Freshness, compressible: boolean): void {
    this.marks.set(reply, { freshness, compressible });
  }

  /** Told of every replayed reply (request metrics); none by default, so replaying times nothing. */
  observeReplays(observer: ReplayObserver): void {
    this.replayed = observer;
  }

  /** A route's onSend hook (the last to run): records a marked reply as it leaves. */
  readonly record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const mark = this.marks.get(reply);
    if (!mark || mark.freshness.expiresAt <= Date.now() || !isReplayable(request.raw)) return payload;
    const status = reply.statusCode;
    const body = status === 200 && Buffer.isBuffer(payload) ? payload : null;
    if (status !== 304 && body === null) return payload;
    const url = request.raw.url!;
    let entry = this.entries.get(url);
    if (!entry || entry.freshness !== mark.freshness) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = { route: request.routeOptions.url ?? url, freshness: mark.freshness, compressible: mark.compressible, ok: {}, notModified: {} };
      this.entries.set(url, entry);
    }
    // Fastify adds Content-Length after onSend, for a body only.
    const sent = reply.getHeaders() as OutgoingHttpHeaders;
    const headers: OutgoingHttpHeaders = body ? { ...sent, 'content-length': String(body.length) } : { ...sent };
    const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
    (body ? entry.ok : entry.notModified)[representationFor(request.raw, entry.compressible)] = { status, headers, body, etag };
    return payload;
  };

  /** Answers the request from a recorded reply and returns true, or returns false for Fastify to answer it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.serving || !isReplayable(request)) return false;
    const entry = this.entries.get(request.url!);
    if (!entry) return false;
    if (entry.freshness.expiresAt <= Date.now()) {
      this.entries.delete(request.url!);
      return false;
    }
    const representation = representationFor(request, entry.compressible);
    const ok = entry.ok[representation];
    const notModified = entry.notModified[representation];
    const etag = ok?.etag ?? notModified?.etag;
    const recorded = etag !== undefined && request.headers['if-none-match'] === etag ? notModified : ok;
    if (!recorded) return false;
    const started = this.replayed ? performance.now() : 0;
    response.writeHead(recorded.status, recorded.headers);
    if (recorded.body) response.end(recorded.body);
    else response.end();
    this.replayed?.(entry.route, recorded.status, (performance.now() - started) / 1000);
    return true;
  }

  /** While the server closes, Fastify answers every request (503 to new ones). */
  stop(): void {
    this.serving = false;
    this.entries.clear();
  }
}

/** A GET with no body and no credentials: nothing in it but the URL and Accept-Encoding can change the answer. */
function isReplayable(request: IncomingMessage): boolean {
  const { headers } = request;
  return (
    request.method === 'GET' &&
    headers.cookie === undefined &&
    headers.authorization === undefined &&
    headers['content-length'] === undefined &&
    headers['transfer-encoding'] === undefined
  );
}

function representationFor(request: Pick<IncomingMessage, 'headers'>, compressible: boolean): Representation {
  return compressible && acceptsBrotli(request) ? 'br' : 'plain';
}
