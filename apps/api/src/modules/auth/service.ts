import { randomUUID } from 'node:crypto';
import { isCustomerUid, newPasswordSchema, type SignupPayload } from '@elmwood/domain';
import type { Mailer } from '../../adapters/mail/port';
import { AppError } from '../../lib/errors';
import { allowedByAll, type RateLimiter } from '../../lib/rate-limiter';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import type { AccessTokens } from './access-token';
import type { SessionTokens } from './cookies';
import { passwordResetMail } from './mails';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthRepo, CustomerRow } from './repo';

const RESET_LINK_MINUTES = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS_MESSAGE = 'The email or password is not right. Please try again.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait 15 minutes and try again.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link has expired or was already used. Please ask for a new one.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in instead.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has ended. Please log in again.';

export interface AuthServiceDeps {
  repo: AuthRepo;
  tokens: AccessTokens;
  mailer: Mailer;
  refreshDays: number;
  /** How long a just-rotated refresh token still works (REFRESH_TOKEN_REUSE_GRACE_SECONDS). */
  refreshGraceSeconds: number;
  /** The shop's public address, for the link in the reset email. */
  siteUrl: string;
  brandName: string;
  limits: { perAddress: RateLimiter; perAccount: RateLimiter };
}

/** A login attempt: where it came from and which account it names, each counted on its own. */
interface Attempt {
  address: string;
  email: string;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, tokens, mailer } = deps;

  async function guard({ address, email }: Attempt): Promise<void> {
    const allowed = await allowedByAll([
      [deps.limits.perAddress, address],
      [deps.limits.perAccount, email],
    ]);
    if (!allowed) throw new AppError(429, 'TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS_MESSAGE);
  }

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

  return {
    startSession,
    referrerOf,

    async register(payload: SignupPayload): Promise<{ customer: CustomerRow; session: SessionTokens }> {
      const customer = await repo.insertCustomer({
        email: normaliseEmail(payload.email),
        passwordHash: await hashPassword(payload.plainPassword),
        firstName: payload.firstName,
        lastName: payload.lastName,
        phoneNumber: payload.phoneNumber,
        birthday: payload.birthday,
        hasAcceptedUnlicensedProductDisclaimer: payload.unlicensedProductDisclaimerAccepted,
        subscribedToNewsletter: payload.subscribedToNewsletter,
        invitedBy: await referrerOf(payload.invitedBy),
      });
      if (!customer) throw new AppError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { field: 'email' });
      return { customer, session: await startSession(customer) };
    },

    async login(credentials: { email: string; password: string }, address: string) {
      const email = normaliseEmail(credentials.email);
      await guard({ address, email });
      const customer = await repo.customerByEmail(email);
      const valid = await verifyPassword(customer?.passwordHash ?? null, credentials.password);
      if (!customer || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
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
      const url = new URL('/forgot-password', deps.siteUrl);
      url.searchParams.set('token', link.token);
      await mailer.send(passwordResetMail({ to: customer.email, firstName: customer.firstName, url: url.toString(), brandName: deps.brandName, minutes: RESET_LINK_MINUTES }));
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
    },

    async customer(uid: string): Promise<CustomerRow> {
      const customer = await repo.customerByUid(uid);
      if (!customer) throw new AppError(401, 'UNAUTHENTICATED', SESSION_EXPIRED_MESSAGE);
      return customer;
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

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
