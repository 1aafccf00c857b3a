import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, EMAIL_MAX_LENGTH, emailSchema, PERSON_NAME_MAX_LENGTH, userSchema } from '@elmwood/domain';
import { SOCIAL_PROVIDERS } from '../../adapters/identity-provider/port';
import type { sandboxIdentityProviders } from '../../adapters/identity-provider/sandbox';
import { parseBody } from '../../lib/validation';
import { setSessionCookies } from './cookies';
import { deviceIdOf } from './device';
import { toUser, type ClaimCart, type ClaimConsultations } from './routes';
import type { SocialSignIn } from './social';

const NONCE_COOKIE = 'SocialNonce';
const NONCE_PATH = '/shop-api/social-login';
const providerParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

interface SocialRouteDeps {
  signIn: SocialSignIn;
  sandbox: Awaited<ReturnType<typeof sandboxIdentityProviders>> | null;
  secureCookies: boolean;
  claimCart: ClaimCart;
  claimConsultations: ClaimConsultations;
  /** Live mode: the client ids the browser's Google and Apple scripts are set up with. */
  clientIds: { google: string; apple: string } | null;
}

/**
 * The browser first asks for a nonce (kept in an httpOnly cookie), hands it to Google or Apple, and sends
 * back the ID token they return; the token must carry that nonce, so a captured token cannot be replayed.
 */
export async function socialRoutes(app: FastifyInstance, { signIn, sandbox, secureCookies, claimCart, claimConsultations, clientIds }: SocialRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cookie = { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: NONCE_PATH } as const;

  api.get(
    '/social-login/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'How the sign-in buttons work here: the sandbox stand-in, or Google’s and Apple’s own scripts with these client ids',
        response: { 200: z.object({ mode: z.enum(['sandbox', 'live']), google: z.object({ clientId: z.string() }).nullable(), apple: z.object({ clientId: z.string() }).nullable() }) },
      },
    },
    async () =>
      sandbox || !clientIds
        ? { mode: 'sandbox' as const, google: null, apple: null }
        : { mode: 'live' as const, google: { clientId: clientIds.google }, apple: { clientId: clientIds.apple } },
  );

  api.get(
    '/social-login/nonce',
    { schema: { tags: ['auth'], response: { 200: z.object({ nonce: z.string(), mode: z.enum(['sandbox', 'live']) }) } } },
    async (_request, reply) => {
      const nonce = randomBytes(16).toString('base64url');
      reply.setCookie(NONCE_COOKIE, nonce, { ...cookie, maxAge: 600 });
      return { nonce, mode: sandbox ? ('sandbox' as const) : ('live' as const) };
    },
  );

  api.post(
    '/social-login/:provider',
    {
      schema: {
        tags: ['auth'],
        params: providerParams,
        body: z.object({
          idToken: z.string().min(1).max(8192),
          agreeTermsAndPrivacy: z.boolean().optional(),
          cartToken: z.string().max(128).optional(),
          invitedBy: z.string().max(64).optional().describe("The referrer's uid from the referral cookie; credited when a new account is opened"),
          visitorId: z.string().min(1).max(64).optional().describe('The browser’s visitor id: a new account keeps the experiment buckets it was in'),
        }),
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const nonce = request.cookies[NONCE_COOKIE] ?? '';
      reply.clearCookie(NONCE_COOKIE, cookie);
      const { customer, session } = await signIn.signIn(request.params.provider, {
        idToken: request.body.idToken,
        nonce,
        agreeTermsAndPrivacy: request.body.agreeTermsAndPrivacy === true,
        invitedBy: request.body.invitedBy,
        visitorId: request.body.visitorId,
        origin: { address: request.ip, device: deviceIdOf(request, reply, secureCookies) },
      });
      if (request.body.cartToken) await claimCart(request.body.cartToken, customer.uid);
      await claimConsultations(request, reply, customer.uid);
      setSessionCookies(reply, session, secureCookies);
      return toUser(customer);
    },
  );

  if (!sandbox) return;
  // The sandbox's stand-in for the provider's own sign-in page: it vouches for whichever email it is given.
  api.post(
    '/social-login/sandbox/:provider/id-token',
    {
      schema: {
        tags: ['auth'],
        params: providerParams,
        body: z.object({
          email: z.string().max(EMAIL_MAX_LENGTH),
          firstName: z.string().max(PERSON_NAME_MAX_LENGTH).optional(),
          lastName: z.string().max(PERSON_NAME_MAX_LENGTH).optional(),
          nonce: z.string().min(1).max(200),
        }),
        response: { 200: z.object({ idToken: z.string() }), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const email = parseBody(emailSchema, request.body.email);
      return { idToken: await sandbox.issue(request.params.provider, { ...request.body, email }) };
    },
  );
}
