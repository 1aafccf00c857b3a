import type { ApiError as ApiErrorBody } from '@elmwood/domain';

/** A failed call: the API's `{ code, message }` when it sent one, else a network or unknown error. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** A refusal's Retry-After, in seconds, when the API sent one (429). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const NETWORK_MESSAGE = 'We could not reach our servers. Check your connection and try again.';
const UNKNOWN_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/**
 * The API's `{ code, message, details? }` (apiErrorSchema in @elmwood/domain), checked by hand so the
 * app's entry does not carry a schema library for one shape.
 */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.code === 'string' && typeof body.message === 'string';
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const REFRESH_PATH = '/shop-api/token/refresh';
/**
 * Calls whose 401 is their own answer (wrong password, no session to end), not an access cookie that expired.
 * Staff sessions are never refreshed: a clinic 401 means signing in again.
 */
const ANSWERS_401_ITSELF = [REFRESH_PATH, '/shop-api/login', '/shop-api/logout', '/shop-api/register', '/shop-api/social-login', '/shop-api/clinic/'];

let refreshing: Promise<boolean> | null = null;

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Where the app's API calls go. In the browser, fetch; when the server renders a page (entry-server.tsx), the
 * API itself in the same process, for the visitor whose page it is.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/**
 * Swaps the Refresh cookie for a new pair of session cookies; true when the session goes on. Single-flight per
 * tab: calls that fail together share one refresh, as the server would treat a second use of the same refresh
 * token after its grace as a copied one.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(REFRESH_PATH, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } })
    .then(
      (response) => response.ok,
      () => false,
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Whether a 401 from this call may mean an expired access cookie, worth one refresh and one retry. */
export function mayRefreshAfter(path: string, status: number): boolean {
  return status === 401 && !ANSWERS_401_ITSELF.some((prefix) => path.startsWith(prefix));
}

/**
 * JSON over fetch with the session cookies; every failure becomes an ApiError with a message fit to show. A 401
 * refreshes the session once and retries the call once, so a patient slow over a form is not silently logged out.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, headers = {} } = options;
  const send = async () => {
    try {
      return await transport(buildUrl(path, query), {
        method,
        credentials: 'include',
        signal,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
    }
  };
  let response = await send();
  if (mayRefreshAfter(path, response.status) && (await refreshSession())) response = await send();

  if (response.status === 204) return undefined as T;

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      throw new ApiError(response.status, payload.code, payload.message, payload.details, retryAfterOf(response));
    }
    throw new ApiError(response.status, 'HTTP_ERROR', UNKNOWN_MESSAGE);
  }
  return payload as T;
}

/** Retry-After in seconds (the API sends a number of seconds), or null when absent or not a number. */
function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) =>
  apiRequest<T>(path, { query, signal });
