import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsEventSchema, apiErrorSchema } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { badRequest, TooManyRequestsError } from '../../lib/errors';
import { checkAll, type RateLimiter } from '../../lib/rate-limiter';
import { readQuizSession } from '../../lib/quiz-session';
import { insertAnalyticsEvent } from './repo';

/** An event's data may hold a step's answers, never a file: anything larger is a mistake or abuse. */
export const MAX_EVENT_DATA_BYTES = 16 * 1024;
const TOO_MANY_EVENTS_MESSAGE = 'We are receiving a lot of requests from your connection. Please wait a few minutes and try again.';

/** Events are anonymous and each is stored: per address, per consultation session and shop-wide limits bound the writes. */
export interface AnalyticsLimits {
  perAddress: RateLimiter;
  perSession: RateLimiter;
  global: RateLimiter;
}

/**
 * The shop's own analytics events (SPEC §7), e.g. 'Questionnaire Step Submitted'. Stored with the quiz session's
 * hash when the browser has one, so a consultation's funnel can be followed without knowing who the patient is.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db; limits: AnalyticsLimits }> = async (app, { db, limits }) => {

  app.post(
    '/analytics-events',
    {
      bodyLimit: 4 * MAX_EVENT_DATA_BYTES,
      schema: {
        tags: ['analytics'],
        summary: 'Record an analytics event {eventName, data}',
        body: analyticsEventSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { eventName, data } = request.body;
      if (Buffer.byteLength(JSON.stringify(data)) > MAX_EVENT_DATA_BYTES) {
        throw badRequest('EVENT_TOO_LARGE', `An event's data must be under ${MAX_EVENT_DATA_BYTES / 1024} KB.`);
      }
      const session = readQuizSession(request);
      const verdict = await checkAll([
        [limits.perAddress, request.ip],
        ...(session ? ([[limits.perSession, session]] as const) : []),
        [limits.global, 'shop'],
      ]);
      if (!verdict.allowed) throw new TooManyRequestsError('TOO_MANY_EVENTS', TOO_MANY_EVENTS_MESSAGE, verdict.retryAfterSeconds);
      await insertAnalyticsEvent(db, { eventName, data, sessionHash: session });
      return reply.status(204).send(null);
    },
  );
};
