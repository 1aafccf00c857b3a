import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Written by the web build (`vite build --ssr`, apps/web/src/entry-server.tsx), beside the web app's own folder. */
export const SERVER_ENTRY_FOLDER = 'dist-ssr';
const SERVER_ENTRY_FILE = 'entry-server.js';

/** One call to the shop's API, as the web app makes it (a fetch). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  html: string;
  /** The page's data for hydration: a <script type="application/json"> to follow #root. */
  dataScript: string;
}

export type QuizStepPostResult = { redirect: string } | { status: 422; page: RenderedPage | null };

/** What the web app's server entry offers (the shape of apps/web/src/entry-server.tsx's exports). */
export interface ServerRenderer {
  /** `cookies`: the request's Cookie header, which the page may read as a browser reads document.cookie. */
  renderPage(url: string, api: ApiTransport, cookies: string): Promise<RenderedPage | null>;
  submitQuizStep(url: string, form: URLSearchParams, api: ApiTransport, cookies: string): Promise<QuizStepPostResult | null>;
}

/** The web app's server entry when it was built; without it every page is rendered in the browser alone. */
export async function loadServerRenderer(webRoot: string, log: FastifyBaseLogger): Promise<ServerRenderer | null> {
  const file = join(dirname(webRoot), SERVER_ENTRY_FOLDER, SERVER_ENTRY_FILE);
  if (!existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as ServerRenderer;
  } catch (error) {
    log.error({ err: error, file }, 'the server entry of the web app could not be loaded; pages are rendered in the browser');
    return null;
  }
}

/** The request's own headers that the API's answers depend on: who the visitor is, and where the request came from. */
const FORWARDED_HEADERS = ['cookie', 'host', 'user-agent', 'accept-language', 'origin', 'sec-fetch-site'] as const;

/**
 * The shop's API called in-process (no network) on behalf of the visitor whose request this is: their cookies and
 * address, so per-visitor answers are theirs, and every rule and limit of the API applies as to the browser's own
 * calls. Cookies the API sets are collected for the visitor's reply.
 */
export function visitorApi(app: FastifyInstance, request: FastifyRequest, setCookies: string[]): ApiTransport {
  const forwarded: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  return async (url, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { ...forwarded, ...(init.headers as Record<string, string> | undefined) },
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    const cookies = answer.headers['set-cookie'];
    if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * The page at the request's address rendered for this visitor, or null to let the browser render it: a page that
 * fails to render is logged and sent as the app alone, never as an error.
 */
export async function renderedPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, renderer: ServerRenderer): Promise<RenderedPage | null> {
  const setCookies: string[] = [];
  try {
    const rendered = await renderer.renderPage(request.url, visitorApi(app, request, setCookies), request.headers.cookie ?? '');
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    return rendered;
  } catch (error) {
    request.log.error({ err: error, url: request.url }, 'server rendering failed; the page is sent for the browser to render');
    return null;
  }
}
