import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  changePasswordSchema,
  confirmSignupSchema,
  forgotPasswordSchema,
  loginSchema,
  resendSignupCodeSchema,
  SIGNUP_CODE_SENT_MESSAGE,
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
import type { AuthService } from './service';

/** Marks a browser that has signed in to an account (see AuthService.login); only the login route reads it. */
const KNOWN_DEVICE_COOKIE = 'KnownDevice';
const KNOWN_DEVICE_PATH = '/shop-api/login';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Binds a sign-up waiting for its code to the browser that made it; only the sign-up routes see it. */
const SIGNUP_COOKIE = 'SignUp';
const SIGNUP_PATH = '/shop-api/register';
const DAY_SECONDS = 24 * 60 * 60;

/** The one answer to every sign-up and every request for a new code, whether or not the email has an account. */
const codeSentSchema = z.object({ code: z.literal('CONFIRM_EMAIL'), message: z.string() });
const CODE_SENT = { code: 'CONFIRM_EMAIL', message: SIGNUP_CODE_SENT_MESSAGE } as const;

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
          'Start a sign-up: 202 with the same body whether or not the email has an account. A new email is sent a 6-digit code (POST /register/confirm opens the account); the owner of a taken email is told someone tried, and nothing opens. The sign-up is bound to this browser by the SignUp cookie. Limited per device (the Device cookie), per address and shop-wide (429 TOO_MANY_SIGNUPS), and emails per address (429 TOO_MANY_SIGNUP_EMAILS), with Retry-After',
        body: signupBodyDoc,
        response: { 202: codeSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cartToken = typeof request.body.cartToken === 'string' ? request.body.cartToken : null;
      const requireUnlicensedDisclaimer = cartToken !== null && (await cartHoldsUnlicensed(cartToken, null));
      const payload = parseBody(signupSchema({ today: new Date(), birthdayFormat: 'iso', requireUnlicensedDisclaimer }), request.body);
      const { browserToken } = await auth.register(payload, { address: request.ip, device: deviceIdOf(request, reply, secureCookies) });
      reply.setCookie(SIGNUP_COOKIE, browserToken, { httpOnly: true, sameSite: 'strict', secure: secureCookies, path: SIGNUP_PATH, maxAge: DAY_SECONDS });
      return reply.status(202).send(CODE_SENT);
    },
  );

  api.post(
    '/register/confirm',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Open the account of this browser’s sign-up (its SignUp cookie) with the code from the email, and sign in (201). A wrong, expired or unknown code gets 400 INVALID_SIGNUP_CODE; after 5 wrong tries the code stops working and a new one must be sent',
        body: z.object({ email: z.string(), code: z.string() }),
        response: { 201: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const confirmation = parseBody(confirmSignupSchema, request.body);
      const { customer, session, cartToken } = await auth.confirmSignup(request.cookies[SIGNUP_COOKIE], confirmation);
      reply.clearCookie(SIGNUP_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secureCookies, path: SIGNUP_PATH });
      if (cartToken) await claimCart(cartToken, customer.uid);
      await claimConsultations(request, reply, customer.uid);
      setSessionCookies(reply, session, secureCookies);
      rememberDevice(reply, customer.email);
      return reply.status(201).send(toUser(customer));
    },
  );

  api.post(
    '/register/resend',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Send this browser’s sign-up a new code (202, the same body as /register); a sign-up forgotten after a day gets 400 SIGNUP_EXPIRED (sign up again). Limited with the sign-up’s emails per address: 429 with Retry-After',
        body: z.object({ email: z.string() }),
        response: { 202: codeSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email } = parseBody(resendSignupCodeSchema, request.body);
      await auth.resendSignupCode(request.cookies[SIGNUP_COOKIE], email);
      return reply.status(202).send(CODE_SENT);
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
