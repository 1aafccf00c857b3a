import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error whose message is safe to show to the patient. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A 429: the reply carries Retry-After, so clients and proxies know when to come back. */
export class TooManyRequestsError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (code: string, message: string, details?: unknown) =>
  new AppError(400, code, message, details);

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

interface FieldIssue {
  field: string;
  message: string;
}

/** Every error leaves as { code, message, details? }; only AppError and 4xx framework errors say more. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((issue) => ({
        field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is not valid',
      }));
      const first = issues[0];
      return reply.status(400).send({
        code: 'VALIDATION_ERROR',
        message: first ? `${first.field}: ${first.message}` : 'The request is not valid.',
        details: { issues },
      });
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'reply did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL_ERROR', message: INTERNAL_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL_ERROR', message: INTERNAL_MESSAGE });
  });
}
