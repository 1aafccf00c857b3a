import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  isCustomerUid,
  newPasswordSchema,
  SIGNUP_CODE_INVALID_MESSAGE,
  SIGNUP_CODE_LENGTH,
  SIGNUP_CODE_MINUTES,
  SIGNUP_CODE_WRONG_LIMIT,
  SIGNUP_EXPIRED_MESSAGE,
  signupLimitMessage,
  visitorBuckets,
  waitText,
  type ChangePassword,
  type ConfirmSignup,
  type SignupPayload,
} from '@elmwood/domain';
import type { NotificationRequest } from '../../contracts/notifier';
import { AppError, TooManyRequestsError } from '../../lib/errors';
import { checkAll, type RateLimiter } from '../../lib/rate-limiter';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import type { AccessTokens } from './access-token';
import type { SessionTokens } from './cookies';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { paceSignIn, type PacedBy, type SignInPacing } from '../../lib/sign-in-pacing';
import type { AuthRepo, CustomerRow, PendingSignupRow, SignupTransaction } from './repo';

const RESET_LINK_MINUTES = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a sign-up waits for its code (new codes can be sent until then). */
const PENDING_SIGNUP_MS = DAY_MS;

export const tooManySignupEmailsMessage = (retryAfterSeconds: number) =>
  `We have sent this email several messages in the last hour. Please check your inbox, or try again in ${waitText(retryAfterSeconds)}.`;

export const INVALID_CREDENTIALS_MESSAGE = 'The email or password is not right. Please try again.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait 15 minutes and try again.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link has expired or was already used. Please ask for a new one.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has ended. Please log in again.';

export interface AuthServiceDeps {
  repo: AuthRepo;
  tokens: AccessTokens;
  /** Asks the notifications module for an email (recorded at once, in `tx` when given; sent by the job queue). */
  notify(request: NotificationRequest, tx?: SignupTransaction): Promise<void>;
  refreshDays: number;
  /** How long a just-rotated refresh token still works (REFRESH_TOKEN_REUSE_GRACE_SECONDS). */
  refreshGraceSeconds: number;
  /**
   * perAddress: the hard cap on sign-in and reset attempts from one address; perAccount: reset emails one account
   * may be sent. Wrong passwords slow sign-in down instead (`pacing`), so nobody can lock an owner out.
   */
  limits: { perAddress: RateLimiter; perAccount: RateLimiter };
  pacing: SignInPacing;
  /** Signs the known-device cookie. */
  secret: string;
  /**
   * New accounts (email sign-up and Google/Apple alike) per device, per network address and across the shop: a fresh
   * account must not buy fresh payment attempts. The per-address ceiling is the looser one, as a mobile network puts
   * many patients behind one address.
   */
  signupLimits: { perDevice: RateLimiter; perAddress: RateLimiter; global: RateLimiter };
  /**
   * Sign-up emails (codes and 'someone tried' alike) one address may be sent, so nobody can fill an inbox by signing
   * up with it; counted the same whether or not the email has an account.
   */
  signupEmails: RateLimiter;
}

/** Where a new account is asked for from: the network address and the browser's device id (see device.ts). */
export interface SignupOrigin {
  address: string;
  device: string;
}

/** A password-reset request: where it came from and which account it names, each counted on its own. */
interface Attempt {
  address: string;
  email: string;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, tokens, notify } = deps;

  async function guard({ address, email }: Attempt): Promise<void> {
    const verdict = await checkAll([
      [deps.limits.perAddress, address],
      [deps.limits.perAccount, email],
    ]);
    if (!verdict.allowed) throw new TooManyRequestsError('TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS_MESSAGE, verdict.retryAfterSeconds);
  }

  const knownDeviceProof = (email: string) => createHmac('sha256', deps.secret).update(`known-device:${email}`).digest('base64url');

  function isKnownDevice(email: string, cookie: string | undefined): boolean {
    if (!cookie) return false;
    const expected = Buffer.from(knownDeviceProof(email));
    const given = Buffer.from(cookie);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  const pace = (by: PacedBy, key: string) => paceSignIn(deps.pacing, by, key);

  async function startSession(customer: CustomerRow, family: string = randomUUID()): Promise<SessionTokens> {
    const refresh = newSecretToken();
    await repo.insertRefreshToken({
      customerId: customer.id,
      family,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + deps.refreshDays * DAY_MS),
    });
    return {
      access: await tokens.issue(customer.uid, family),
      accessSeconds: tokens.lifetimeSeconds,
      refresh: refresh.token,
      refreshSeconds: deps.refreshDays * 24 * 60 * 60,
    };
  }

  /** The referrer's uid when it names an existing customer; anything else (a stale or made-up cookie) is ignored. */
  async function referrerOf(invitedBy: string | undefined): Promise<string | null> {
    if (!invitedBy || !isCustomerUid(invitedBy)) return null;
    const referrer = await repo.customerByUid(invitedBy.toLowerCase());
    return referrer ? referrer.uid : null;
  }

  /** Counts a request to open an account, refused (429 with the wait) once its device, address or the shop has had its share. */
  async function guardNewAccount({ address, device }: SignupOrigin): Promise<void> {
    // The device's own limit first: a device refused by it uses up none of its address's allowance.
    const verdict = await checkAll([
      [deps.signupLimits.perDevice, device],
      [deps.signupLimits.perAddress, address],
      [deps.signupLimits.global, 'shop'],
    ]);
    if (!verdict.allowed) throw new TooManyRequestsError('TOO_MANY_SIGNUPS', signupLimitMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  }

  async function guardSignupEmails(email: string): Promise<void> {
    const verdict = await deps.signupEmails.check(email);
    if (!verdict.allowed) throw new TooManyRequestsError('TOO_MANY_SIGNUP_EMAILS', tooManySignupEmailsMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  }

  /** The key is the sign-up's own token hash: the same code in another browser's sign-up hashes differently. */
  const signupCodeHash = (browserTokenHash: string, code: string) =>
    createHmac('sha256', deps.secret).update(`signup-code:${browserTokenHash}:${code}`).digest('base64url');

  function codeIsRight(row: PendingSignupRow, code: string): boolean {
    const expected = Buffer.from(row.codeHash);
    const given = Buffer.from(signupCodeHash(row.browserTokenHash, code));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  return {
    startSession,
    referrerOf,
    knownDeviceProof,
    guardNewAccount,

    /**
     * Every email sign-up is answered alike: the browser's sign-up is kept (bound to it by `browserToken`, its
     * SignUp cookie) and one email is sent. A new email is sent a code that opens the account (confirmSignup); an
     * email that already has an account opens nothing, and its owner is told someone tried. Both paths do the same
     * work (a password hash, one pending sign-up, one message, in one transaction), so neither the answer nor its
     * time says whether the email was known.
     */
    async register(payload: SignupPayload, origin: SignupOrigin): Promise<{ browserToken: string }> {
      await guardNewAccount(origin);
      const email = normaliseEmail(payload.email);
      await guardSignupEmails(email);
      const [owner, passwordHash] = await Promise.all([repo.customerByEmail(email), hashPassword(payload.plainPassword)]);
      const browser = newSecretToken();
      const code = newSignupCode();
      const now = Date.now();
      await repo.startSignup(
        {
          browserTokenHash: browser.hash,
          email,
          passwordHash,
          details: {
            firstName: payload.firstName,
            lastName: payload.lastName,
            phoneNumber: payload.phoneNumber,
            birthday: payload.birthday,
            hasAcceptedUnlicensedProductDisclaimer: payload.unlicensedProductDisclaimerAccepted ?? false,
            subscribedToNewsletter: payload.subscribedToNewsletter ?? false,
            cartToken: payload.cartToken ?? null,
            invitedBy: payload.invitedBy ?? null,
            visitorId: payload.visitorId ?? null,
          },
          // A taken email's sign-up holds a code too, that nobody is sent: it can never open anything.
          codeHash: signupCodeHash(browser.hash, code),
          codeExpiresAt: new Date(now + SIGNUP_CODE_MINUTES * 60 * 1000),
          expiresAt: new Date(now + PENDING_SIGNUP_MS),
        },
        (tx) => deps.notify(signupEmail(owner, email, code, browser.hash), tx),
      );
      return { browserToken: browser.token };
    },

    /** Another code for this browser's sign-up (the first lost, expired or used up by wrong tries), within the email's limit. */
    async resendSignupCode(browserToken: string | undefined, rawEmail: string): Promise<void> {
      const email = normaliseEmail(rawEmail);
      if (!browserToken) throw signupExpired();
      await guardSignupEmails(email);
      const owner = await repo.customerByEmail(email);
      const code = newSignupCode();
      const tokenHash = hashSecretToken(browserToken);
      const renewed = await repo.renewSignupCode(
        tokenHash,
        email,
        { codeHash: signupCodeHash(tokenHash, code), codeExpiresAt: new Date(Date.now() + SIGNUP_CODE_MINUTES * 60 * 1000) },
        (tx) => deps.notify(signupEmail(owner, email, code, tokenHash), tx),
      );
      if (!renewed) throw signupExpired();
    },

    /**
     * Opens the account of this browser's sign-up when its code is right, and signs in. A wrong, expired, used-up or
     * unknown code, or an email that has an account by now, all get the same 400.
     */
    async confirmSignup(browserToken: string | undefined, { email, code }: ConfirmSignup): Promise<{ customer: CustomerRow; session: SessionTokens; cartToken: string | null }> {
      const invalid = () => new AppError(400, 'INVALID_SIGNUP_CODE', SIGNUP_CODE_INVALID_MESSAGE, { issues: [{ field: 'body.code', message: SIGNUP_CODE_INVALID_MESSAGE }] });
      if (!browserToken) throw invalid();
      const tokenHash = hashSecretToken(browserToken);
      const pending = await repo.consumeSignup(tokenHash, normaliseEmail(email), (row) => codeIsRight(row, code), SIGNUP_CODE_WRONG_LIMIT);
      if (!pending) throw invalid();
      const { details } = pending;
      const customer = await repo.insertCustomer({
        email: pending.email,
        passwordHash: pending.passwordHash,
        firstName: details.firstName,
        lastName: details.lastName,
        phoneNumber: details.phoneNumber,
        birthday: details.birthday,
        hasAcceptedUnlicensedProductDisclaimer: details.hasAcceptedUnlicensedProductDisclaimer,
        subscribedToNewsletter: details.subscribedToNewsletter,
        invitedBy: await referrerOf(details.invitedBy ?? undefined),
      });
      if (!customer) throw invalid();
      // The prices the visitor saw (their recurring-discount bucket) stay the prices the patient sees.
      if (details.visitorId) await repo.keepBuckets(customer.id, visitorBuckets(details.visitorId));
      return { customer, session: await startSession(customer), cartToken: details.cartToken };
    },

    /**
     * `knownDevice`: the cookie a browser gets when it signs in to this account. It proves the browser signed in
     * here before, so the account's own slow-down (which anyone can cause) does not apply to it.
     */
    async login(credentials: { email: string; password: string }, address: string, knownDevice?: string) {
      const email = normaliseEmail(credentials.email);
      const cap = await deps.limits.perAddress.check(address);
      if (!cap.allowed) throw new TooManyRequestsError('TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS_MESSAGE, cap.retryAfterSeconds);
      await pace('address', address);
      if (!isKnownDevice(email, knownDevice)) await pace('account', email);
      const customer = await repo.customerByEmail(email);
      const valid = await verifyPassword(customer?.passwordHash ?? null, credentials.password);
      if (!customer || !valid) {
        await Promise.all([deps.pacing.failures.account.record(email), deps.pacing.failures.address.record(address)]);
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
      }
      return { customer, session: await startSession(customer) };
    },

    /**
     * Swaps a refresh token for a new pair. Within the grace after its rotation the same token still works (two tabs
     * refreshing at once); used again after that it was copied, and its whole family is revoked.
     */
    async refresh(refreshToken: string | undefined) {
      if (!refreshToken) throw new AppError(401, 'UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
      const { row, state } = await repo.claimRefreshToken(hashSecretToken(refreshToken), deps.refreshGraceSeconds * 1000);
      if (row && state === 'reused') await repo.revokeFamily(row.family);
      if (!row || state === 'reused' || row.expiresAt.getTime() <= Date.now()) {
        throw new AppError(401, 'UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
      }
      const customer = await repo.customerById(row.customerId);
      return { customer, session: await startSession(customer, row.family) };
    },

    /** Ends the sign-in named by the refresh cookie, or else by the access token's session: both tokens stop working. */
    async logout(refreshToken: string | undefined, session: string | null): Promise<void> {
      const row = refreshToken ? await repo.findRefreshToken(hashSecretToken(refreshToken)) : undefined;
      const family = row?.family ?? session;
      if (family) await repo.revokeFamily(family);
    },

    /** Always answers the same way, so nobody learns whether an email has an account. */
    async requestPasswordReset(rawEmail: string, address: string): Promise<void> {
      const email = normaliseEmail(rawEmail);
      await guard({ address, email });
      const customer = await repo.customerByEmail(email);
      if (!customer) return;
      const link = newSecretToken();
      await repo.insertResetToken({
        tokenHash: link.hash,
        customerId: customer.id,
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60 * 1000),
      });
      // The token is kept in the outbox only until the email is handed over (the module then clears it).
      await notify({ template: 'password-reset', customerId: customer.id, dedupeKey: `password-reset:${link.hash}`, data: { token: link.token, minutes: RESET_LINK_MINUTES } });
    },

    async resetPassword(token: string, rawPassword: unknown): Promise<void> {
      const password = newPasswordSchema.safeParse(rawPassword);
      if (!password.success) {
        const message = password.error.issues[0]!.message;
        throw new AppError(400, 'VALIDATION_ERROR', message, { issues: [{ field: 'password', message }] });
      }
      const customerId = await repo.consumeResetToken(hashSecretToken(token));
      if (customerId === null) throw new AppError(400, 'INVALID_RESET_LINK', INVALID_RESET_LINK_MESSAGE);
      await repo.updateCustomer(customerId, { passwordHash: await hashPassword(password.data) });
      // A reset is often a response to a stolen password: every existing session ends.
      await repo.revokeAllOf(customerId);
      await notify({ template: 'password-changed', customerId, dedupeKey: `password-changed:${hashSecretToken(token)}`, data: {} });
    },

    /**
     * A signed-in patient changes their password: the current one must be right. Every other sign-in ends (a change
     * is often made because someone else knows the old one); this one carries on.
     */
    async changePassword(uid: string, session: string | null, change: ChangePassword): Promise<void> {
      const customer = await this.customer(uid);
      // Guessing the current password through a session left open is slowed down as sign-in is.
      await pace('account', customer.email);
      if (!(await verifyPassword(customer.passwordHash, change.currentPassword))) {
        await deps.pacing.failures.account.record(customer.email);
        throw new AppError(400, 'VALIDATION_ERROR', CURRENT_PASSWORD_WRONG_MESSAGE, { issues: [{ field: 'body.currentPassword', message: CURRENT_PASSWORD_WRONG_MESSAGE }] });
      }
      await repo.updateCustomer(customer.id, { passwordHash: await hashPassword(change.newPassword) });
      await repo.revokeAllOf(customer.id, session);
      await notify({ template: 'password-changed', customerId: customer.id, dedupeKey: `password-changed:${randomUUID()}`, data: {} });
    },

    async customer(uid: string): Promise<CustomerRow> {
      const customer = await repo.customerByUid(uid);
      if (!customer) throw new AppError(401, 'UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
      return customer;
    },

    /** SPEC's first app open date: recorded at the first launch of the installed app; the get-app banner hides. */
    async recordFirstAppOpen(uid: string, at: Date): Promise<Date> {
      const customer = await this.customer(uid);
      return customer.firstAppOpenAt ?? repo.recordFirstAppOpen(customer.id, at);
    },

    async updateAccount(
      uid: string,
      changes: { birthday?: string; phoneNumber?: string; unlicensedProductDisclaimerAccepted?: boolean },
    ): Promise<CustomerRow> {
      const customer = await this.customer(uid);
      return repo.updateCustomer(customer.id, {
        ...(changes.birthday === undefined ? {} : { birthday: changes.birthday }),
        ...(changes.phoneNumber === undefined ? {} : { phoneNumber: changes.phoneNumber }),
        ...(changes.unlicensedProductDisclaimerAccepted === undefined
          ? {}
          : { hasAcceptedUnlicensedProductDisclaimer: changes.unlicensedProductDisclaimerAccepted }),
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

const newSignupCode = () => String(randomInt(0, 10 ** SIGNUP_CODE_LENGTH)).padStart(SIGNUP_CODE_LENGTH, '0');

const signupExpired = () => new AppError(400, 'SIGNUP_EXPIRED', SIGNUP_EXPIRED_MESSAGE);

/** The one email a sign-up sends: the code to a new address, or to an account's owner word that someone tried. */
function signupEmail(owner: CustomerRow | undefined, email: string, code: string, browserTokenHash: string): NotificationRequest {
  const key = `${browserTokenHash}:${randomUUID()}`;
  return owner
    ? { template: 'signup-attempt', customerId: owner.id, dedupeKey: `signup-attempt:${key}`, data: {} }
    : { template: 'signup-code', email, dedupeKey: `signup-code:${key}`, data: { code, minutes: SIGNUP_CODE_MINUTES } };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
