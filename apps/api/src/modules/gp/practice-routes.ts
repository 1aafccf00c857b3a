import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, GP_SEARCH_MESSAGES, gpPracticeSchema, gpPracticeSearchSchema, gpPracticeSummarySchema, odsCodeSchema } from '@elmwood/domain';
import { GpDirectoryError, type GpPracticeDirectory } from '../../adapters/gp-practices/port';
import { AppError, TooManyRequestsError } from '../../lib/errors';
import { checkAll, type RateLimiter } from '../../lib/rate-limiter';
import { requireCustomer } from '../../lib/signed-in';

/** Each search or pick is a call to the NHS directory, which asks for fewer than 5 a second from the whole shop. */
export interface GpSearchLimits {
  perAddress: RateLimiter;
  perPatient: RateLimiter;
  global: RateLimiter;
}

interface Deps {
  directory: GpPracticeDirectory;
  limits: GpSearchLimits;
}

/**
 * The GP practice search of the GP details task (signed-in patients): `GET /shop-api/gp-practices?name=` finds
 * practices by part of their name, `GET /shop-api/gp-practices/{odsCode}` gives the one chosen with its address.
 */
export async function gpPracticeRoutes(app: FastifyInstance, { directory, limits }: Deps) {
  const withinLimits = async (request: FastifyRequest, uid: string) => {
    const verdict = await checkAll([
      [limits.perAddress, request.ip],
      [limits.perPatient, uid],
      [limits.global, 'shop'],
    ]);
    if (!verdict.allowed) throw new TooManyRequestsError('TOO_MANY_GP_SEARCHES', GP_SEARCH_MESSAGES.tooMany, verdict.retryAfterSeconds);
  };
  const askDirectory = async <T>(request: FastifyRequest, ask: () => Promise<T>): Promise<T> => {
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof GpDirectoryError)) throw error;
      request.log.warn({ reason: error.message }, 'GP practice search failed');
      throw new AppError(502, 'GP_SEARCH_FAILED', GP_SEARCH_MESSAGES.failed);
    }
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/gp-practices',
    {
      schema: {
        tags: ['tasks'],
        querystring: gpPracticeSearchSchema,
        response: { 200: z.object({ practices: z.array(gpPracticeSummarySchema) }), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const uid = requireCustomer(request);
      await withinLimits(request, uid);
      return { practices: await askDirectory(request, () => directory.search(request.query.name)) };
    },
  );

  typed.get(
    '/gp-practices/:odsCode',
    {
      schema: {
        tags: ['tasks'],
        params: z.object({ odsCode: odsCodeSchema }),
        response: { 200: gpPracticeSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const uid = requireCustomer(request);
      await withinLimits(request, uid);
      const practice = await askDirectory(request, () => directory.practice(request.params.odsCode));
      if (!practice) throw new AppError(404, 'GP_PRACTICE_NOT_FOUND', GP_SEARCH_MESSAGES.notFound);
      return practice;
    },
  );
}
