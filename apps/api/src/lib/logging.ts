/**
 * What the API's log may hold. Health data is special-category personal data, so neither secrets nor what a
 * patient sent may reach the log: cookies and tokens are redacted, and a failed query is logged with its SQL
 * but never its values (a consultation's answers, an address, an email).
 */

/** Error fields that describe the failure without carrying the data involved (PostgreSQL's `detail` does). */
const SAFE_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine', 'severity', 'reason'] as const;
const MAX_CAUSE_DEPTH = 5;

interface QueryError extends Error {
  query: string;
  params: unknown[];
}

function isQueryError(error: Error): error is QueryError {
  const candidate = error as Partial<QueryError>;
  return typeof candidate.query === 'string' && Array.isArray(candidate.params);
}

/** An error as the log shows it (the shape pino's own serializer gives). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The log's `err` serializer: type, message, stack, safe fields and causes; a query's values left out. */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'A value that is not an Error was thrown', stack: '' };
  const type = error.constructor?.name ?? error.name;
  const message = isQueryError(error) ? `Failed query: ${error.query.trim()}` : error.message;
  const stack = (error.stack ?? '').replace(error.message, message);
  if (depth > MAX_CAUSE_DEPTH) return { type, message, stack: '' };
  const logged: LoggedError = { type, message, stack };
  for (const field of SAFE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined) logged[field] = value;
  }
  if (error.cause !== undefined) logged.cause = errorForLog(error.cause, depth + 1);
  return logged;
}

/** Fastify's logger options for the running shop. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { err: errorForLog },
  };
}
