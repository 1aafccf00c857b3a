import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsEventSchema, apiErrorSchema } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { readQuizSession } from '../quiz/index';
import { insertAnalyticsEvent } from './repo';

/** An event's data may hold a step's answers, never a file: anything larger is a mistake or abuse. */
export const MAX_EVENT_DATA_BYTES = 16 * 1024;

/**
 * The shop's own analytics events (SPEC §7), e.g. 'Questionnaire Step Submitted'. Stored with the quiz session's
 * hash when the browser has one, so a consultation's funnel can be followed without knowing who the patient is.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {

  app.post(
    '/analytics-events',
    {
      bodyLimit: 4 * MAX_EVENT_DATA_BYTES,
      schema: {
        tags: ['analytics'],
        summary: 'Record an analytics event {eventName, data}',
        body: analyticsEventSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { eventName, data } = request.body;
      if (Buffer.byteLength(JSON.stringify(data)) > MAX_EVENT_DATA_BYTES) {
        throw badRequest('EVENT_TOO_LARGE', `An event's data must be under ${MAX_EVENT_DATA_BYTES / 1024} KB.`);
      }
      await insertAnalyticsEvent(db, { eventName, data, sessionHash: readQuizSession(request) });
      return reply.status(204).send(null);
    },
  );
};
