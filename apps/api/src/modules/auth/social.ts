import { visitorBuckets } from '@elmwood/domain';
import { IdentityTokenError, type IdentityProvider, type SocialProvider } from '../../adapters/identity-provider/port';
import { AppError } from '../../lib/errors';
import type { AuthRepo, CustomerRow } from './repo';
import type { AuthService, SignupOrigin } from './service';

export const SOCIAL_SIGN_IN_FAILED = 'We could not sign you in with that account. Please try again or use your email.';
export const SOCIAL_EMAIL_REQUIRED = 'Your account did not share a verified email address, which we need to send your prescription updates.';
export const TERMS_REQUIRED = 'Required';
export const SANDBOX_SIGN_IN_REFUSED =
  'The test sign-in cannot open an account that has a password. Please log in with your email and password.';

/**
 * Google and Apple sign-in: the provider's ID token is verified, then the patient is found by the linked
 * provider account, else by the same verified email (and linked), else a new account is opened, which
 * needs the terms ticked like any signup. Birthday and phone follow through 'update account'.
 *
 * `sandbox`: the providers vouch for any email anyone types, so they may only open new accounts and the
 * password-less patient accounts that such a sign-in opened; never an account with a password. (Clinic staff are
 * not customers at all: they sign in to the clinic console with a password and a TOTP code.)
 */
export function createSocialSignIn(deps: { repo: AuthRepo; auth: AuthService; providers: Record<SocialProvider, IdentityProvider>; sandbox: boolean }) {
  function refuseInSandbox(customer: CustomerRow): void {
    if (deps.sandbox && customer.passwordHash !== null) {
      throw new AppError(403, 'SANDBOX_SIGN_IN_REFUSED', SANDBOX_SIGN_IN_REFUSED);
    }
  }

  return {
    /**
     * `invitedBy`: the referrer's uid from the referral link, credited when this opens a new account; `visitorId`: see
     * keepBuckets; `origin`: opening an account counts against the same limits as an email sign-up.
     */
    async signIn(
      provider: SocialProvider,
      input: { idToken: string; nonce: string; agreeTermsAndPrivacy: boolean; invitedBy?: string; visitorId?: string; origin: SignupOrigin },
    ) {
      let identity;
      try {
        identity = await deps.providers[provider].verify(input.idToken, input.nonce);
      } catch (error) {
        if (error instanceof IdentityTokenError) throw new AppError(401, 'SOCIAL_SIGN_IN_FAILED', SOCIAL_SIGN_IN_FAILED);
        throw error;
      }

      let customer = await deps.repo.customerBySocialIdentity(provider, identity.subject);
      if (!customer) {
        if (!identity.email || !identity.emailVerified) throw new AppError(400, 'SOCIAL_EMAIL_REQUIRED', SOCIAL_EMAIL_REQUIRED);
        customer = await deps.repo.customerByEmail(identity.email);
        if (!customer) {
          if (!input.agreeTermsAndPrivacy) {
            throw new AppError(400, 'VALIDATION_ERROR', `body.agreeTermsAndPrivacy: ${TERMS_REQUIRED}`, {
              issues: [{ field: 'body.agreeTermsAndPrivacy', message: TERMS_REQUIRED }],
            });
          }
          await deps.auth.guardNewAccount(input.origin);
          customer = await deps.repo.insertCustomer({
            email: identity.email,
            passwordHash: null,
            firstName: identity.firstName ?? '',
            lastName: identity.lastName ?? '',
            invitedBy: await deps.auth.referrerOf(input.invitedBy),
          });
          // A new account keeps the experiment buckets its visitor was in (as email sign-up does).
          if (customer && input.visitorId) await deps.repo.keepBuckets(customer.id, visitorBuckets(input.visitorId));
          customer ??= await deps.repo.customerByEmail(identity.email);
        }
        refuseInSandbox(customer!);
        await deps.repo.linkSocialIdentity(provider, identity.subject, customer!.id);
      }
      refuseInSandbox(customer!);
      return { customer: customer!, session: await deps.auth.startSession(customer!) };
    },
  };
}
export type SocialSignIn = ReturnType<typeof createSocialSignIn>;
