import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, compactPostcode, LOOKUP_MESSAGES, POSTCODE_INVALID_MESSAGE, toLookupAddress } from '@elmwood/domain';
import { PostcodeLookupError, type PostcodeLookup } from '../../adapters/postcode-lookup/port';
import { AppError, badRequest, TooManyRequestsError } from '../../lib/errors';
import { checkAll, type RateLimiter } from '../../lib/rate-limiter';
import { readQuizSession } from '../../lib/quiz-session';

const TOO_MANY_LOOKUPS_MESSAGE = 'Too many postcode searches. Please wait a few minutes and try again, or enter your address by hand.';

/** Each lookup is a paid call to the provider: per address, per patient (or consultation session) and shop-wide. */
export interface PostcodeLookupLimits {
  perAddress: RateLimiter;
  perSession: RateLimiter;
  global: RateLimiter;
}

const lookupAddressSchema = z.object({
  label: z.string(),
  company: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
});

/** GET /shop-api/address-lookup/{postcode}: the addresses at a postcode, ready for the address form. */
export async function addressLookupRoutes(app: FastifyInstance, { lookup, limits }: { lookup: PostcodeLookup; limits: PostcodeLookupLimits }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/address-lookup/:postcode',
    {
      schema: {
        tags: ['address'],
        params: z.object({ postcode: z.string().max(40) }),
        response: {
          200: z.object({ addresses: z.array(lookupAddressSchema) }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const postcode = compactPostcode(request.params.postcode);
      // The provider judges the postcode (its test codes are not real ones); only junk is refused here.
      if (!/^[A-Z0-9]{2,8}$/.test(postcode)) throw badRequest('INVALID_POSTCODE', POSTCODE_INVALID_MESSAGE);
      const session = request.customerUid ?? readQuizSession(request);
      const verdict = await checkAll([
        [limits.perAddress, request.ip],
        ...(session ? ([[limits.perSession, session]] as const) : []),
        [limits.global, 'shop'],
      ]);
      if (!verdict.allowed) throw new TooManyRequestsError('TOO_MANY_LOOKUPS', TOO_MANY_LOOKUPS_MESSAGE, verdict.retryAfterSeconds);
      try {
        const found = await lookup.addresses(postcode);
        return { addresses: found.map(toLookupAddress) };
      } catch (error) {
        if (!(error instanceof PostcodeLookupError)) throw error;
        if (error.failure === '4040') throw new AppError(404, '4040', LOOKUP_MESSAGES.notFound);
        if (error.failure === '4020' || error.failure === '4021') throw new AppError(503, error.failure, LOOKUP_MESSAGES.unavailable);
        request.log.warn({ reason: error.message }, 'postcode lookup failed');
        throw new AppError(502, 'LOOKUP_FAILED', LOOKUP_MESSAGES.unknown);
      }
    },
  );
}
