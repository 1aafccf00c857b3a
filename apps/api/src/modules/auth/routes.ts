import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  updateAccountSchema,
  userSchema,
  type User,
} from '@elmwood/domain';
import { parseBody } from '../../lib/validation';
import { requireCustomer } from './authentication';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './cookies';
import { deviceIdOf } from './device';
import type { CustomerRow } from './repo';
import { CHECK_YOUR_EMAIL_MESSAGE, type AuthService } from './service';

/** Marks a browser that has signed in to an account (see AuthService.login); only the login route reads it. */
const KNOWN_DEVICE_COOKIE = 'KnownDevice';
const KNOWN_DEVICE_PATH = '/shop-api/login';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The signup payload as documented; its age rules depend on today, so the handler checks it in full. */
const signupBodyDoc = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  plainPassword: z.string(),
  phoneNumber: z.string(),
  birthday: z.string().describe('YYYY-MM-DD'),
  unlicensedProductDisclaimerAccepted: z.boolean().optional(),
  agreeTermsAndPrivacy: z.boolean(),
  subscribedToNewsletter: z.boolean().optional(),
  nameConfirmation: z.boolean().optional(),
  cartToken: z.string().max(128).optional(),
  invitedBy: z.string().optional(),
  visitorId: z.string().max(64).optional().describe('The browser’s visitor id: the account keeps the experiment buckets it was in'),
});

export function toUser(customer: CustomerRow): User {
  return {
    uid: customer.uid,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phoneNumber: customer.phoneNumber,
    birthday: customer.birthday,
    customerBalance: 0,
    hasAcceptedUnlicensedProductDisclaimer: customer.hasAcceptedUnlicensedProductDisclaimer,
  };
}

/** After sign-in, the anonymous cart the patient was filling (by its token) becomes theirs. */
export type ClaimCart = (cartToken: string, customerUid: string) => Promise<void>;
/** After sign-in, this browser's consultations become the patient's (or the browser starts a fresh quiz session). */
export type ClaimConsultations = (request: FastifyRequest, reply: FastifyReply, customerUid: string) => Promise<void>;
/** At logout, this browser's consultation is left behind: its quiz-session cookie is cleared. */
export type ForgetConsultations = (reply: FastifyReply) => void;
/** Whether the cart (as this viewer may see it) holds an unlicensed medicine, whose acknowledgement is then required. */
export type CartHoldsUnlicensed = (cartToken: string, viewer: string | null) => Promise<boolean>;

export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    secureCookies,
    claimCart,
    cartHoldsUnlicensed,
    claimConsultations,
    forgetConsultations,
    now = () => new Date(),
  }: {
    /** The shop's clock (the first app open date). */
    now?: () => Date;
    auth: AuthService;
    secureCookies: boolean;
    claimCart: ClaimCart;
    cartHoldsUnlicensed: CartHoldsUnlicensed;
    claimConsultations: ClaimConsultations;
    forgetConsultations: ForgetConsultations;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rememberDevice = (reply: FastifyReply, email: string) =>
    reply.setCookie(KNOWN_DEVICE_COOKIE, auth.knownDeviceProof(email), {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: KNOWN_DEVICE_PATH,
      maxAge: YEAR_SECONDS,
    });

  api.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Open an account and sign in (201); an email that already has an account gets 202 and its owner an email. New accounts are limited per device (the Device cookie), per address and shop-wide: 429 with Retry-After',
        body: signupBodyDoc,
        response: { 201: userSchema, 202: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cartToken = typeof request.body.cartToken === 'string' ? request.body.cartToken : null;
      const requireUnlicensedDisclaimer = cartToken !== null && (await cartHoldsUnlicensed(cartToken, null));
      const payload = parseBody(signupSchema({ today: new Date(), birthdayFormat: 'iso', requireUnlicensedDisclaimer }), request.body);
      const registered = await auth.register(payload, { address: request.ip, device: deviceIdOf(request, reply, secureCookies) });
      if ('alreadyRegistered' in registered) {
        return reply.status(202).send({ code: 'CHECK_YOUR_EMAIL', message: CHECK_YOUR_EMAIL_MESSAGE });
      }
      const { customer, session } = registered;
      if (payload.cartToken) await claimCart(payload.cartToken, customer.uid);
      await claimConsultations(request, reply, customer.uid);
      setSessionCookies(reply, session, secureCookies);
      rememberDevice(reply, customer.email);
      return reply.status(201).send(toUser(customer));
    },
  );

  api.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ _username: z.string(), _password: z.string(), cartToken: z.string().max(128).optional() }),
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const credentials = parseBody(loginSchema, request.body);
      const { customer, session } = await auth.login(
        { email: credentials._username, password: credentials._password },
        request.ip,
        request.cookies[KNOWN_DEVICE_COOKIE],
      );
      if (request.body.cartToken) await claimCart(request.body.cartToken, customer.uid);
      await claimConsultations(request, reply, customer.uid);
      setSessionCookies(reply, session, secureCookies);
      rememberDevice(reply, customer.email);
      return toUser(customer);
    },
  );

  api.post('/token/refresh', { schema: { tags: ['auth'], response: { 200: userSchema, ...errors } } }, async (request, reply) => {
    try {
      const { customer, session } = await auth.refresh(request.cookies[REFRESH_COOKIE]);
      setSessionCookies(reply, session, secureCookies);
      return toUser(customer);
    } catch (error) {
      clearSessionCookies(reply, secureCookies);
      throw error;
    }
  });

  api.post('/logout', { schema: { tags: ['auth'], response: { 204: z.null() } } }, async (request, reply) => {
    await auth.logout(request.cookies[REFRESH_COOKIE], request.sessionId);
    clearSessionCookies(reply, secureCookies);
    forgetConsultations(reply);
    return reply.status(204).send(null);
  });

  api.get('/me', { schema: { tags: ['auth'], response: { 200: userSchema, ...errors } } }, async (request) =>
    toUser(await auth.customer(requireCustomer(request))),
  );

  const appOpening = z.object({ firstAppOpenAt: z.string().nullable().describe('When the patient first opened the installed app; null until then') });
  api.get(
    '/me/app',
    { schema: { tags: ['auth'], summary: 'The first app open date (the get-app banner hides once it is set)', response: { 200: appOpening, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', 'private, no-store').send({ firstAppOpenAt: customer.firstAppOpenAt?.toISOString() ?? null });
    },
  );

  api.post(
    '/me/app-opened',
    { schema: { tags: ['auth'], summary: 'The installed app was launched: records the first app open date once; later launches keep it', response: { 200: appOpening, ...errors } } },
    async (request, reply) => {
      const at = await auth.recordFirstAppOpen(requireCustomer(request), now());
      return reply.header('cache-control', 'private, no-store').send({ firstAppOpenAt: at.toISOString() });
    },
  );

  api.put(
    '/me',
    {
      schema: {
        tags: ['auth'],
        body: z.object({
          birthday: z.string().optional(),
          phoneNumber: z.string().optional(),
          unlicensedProductDisclaimerAccepted: z.boolean().optional(),
          cartToken: z.string().max(128).optional().describe('The cart being checked out: an unlicensed medicine in it needs the acknowledgement'),
        }),
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const uid = requireCustomer(request);
      const customer = await auth.customer(uid);
      const requireUnlicensedDisclaimer =
        !customer.hasAcceptedUnlicensedProductDisclaimer && request.body.cartToken !== undefined && (await cartHoldsUnlicensed(request.body.cartToken, uid));
      const changes = parseBody(updateAccountSchema({ today: new Date(), requireUnlicensedDisclaimer }), request.body);
      return toUser(await auth.updateAccount(uid, changes));
    },
  );

  api.put(
    '/me/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in patient’s password; every other sign-in ends',
        body: z.object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const uid = requireCustomer(request);
      await auth.changePassword(uid, request.sessionId, parseBody(changePasswordSchema, request.body));
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/request-password-reset',
    { schema: { tags: ['auth'], body: z.object({ email: z.string() }), response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { email } = parseBody(forgotPasswordSchema, request.body);
      await auth.requestPasswordReset(email, request.ip);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/reset-password/:token',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string().min(1).max(200) }),
        body: z.object({ password: z.string() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.params.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
}
