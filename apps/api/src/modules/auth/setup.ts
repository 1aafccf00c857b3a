import type { FastifyInstance } from 'fastify';
import { liveProviders } from '../../adapters/identity-provider/live';
import { sandboxIdentityProviders } from '../../adapters/identity-provider/sandbox';
import { outboxMailer } from '../../adapters/mail/outbox';
import type { Mailer } from '../../adapters/mail/port';
import { smtpMailer } from '../../adapters/mail/smtp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RateLimiters } from '../../lib/rate-limiter';
import { accessTokens } from './access-token';
import { registerAuthentication } from './authentication';
import { authRepo } from './repo';
import { createAuthService } from './service';
import { createSocialSignIn } from './social';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export function createMailer(config: Config, db: Db): Mailer {
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db);
}

/**
 * Sign-in for the whole app: every request learns who is signed in, and the auth services are built from
 * configuration. `secret` signs access tokens (AUTH_SECRET; outside production a random one per start).
 */
export async function setUpAuthentication(app: FastifyInstance, config: Config, db: Db, { secret, limiters }: { secret: string; limiters: RateLimiters }) {
  const tokens = accessTokens(secret, config.ACCESS_TOKEN_MINUTES);
  const repo = authRepo(db);
  registerAuthentication(app, tokens, (session) => repo.sessionIsLive(session));
  const auth = createAuthService({
    repo,
    tokens,
    mailer: createMailer(config, db),
    refreshDays: config.REFRESH_TOKEN_DAYS,
    refreshGraceSeconds: config.REFRESH_TOKEN_REUSE_GRACE_SECONDS,
    siteUrl: config.SITE_URL ?? `http://localhost:${config.PORT}`,
    brandName: config.BRAND_NAME,
    limits: {
      perAddress: limiters({ scope: 'sign-in-address', limit: config.AUTH_RATE_LIMIT_PER_ADDRESS, windowMs: FIFTEEN_MINUTES }),
      perAccount: limiters({ scope: 'sign-in-account', limit: config.AUTH_RATE_LIMIT_PER_ACCOUNT, windowMs: FIFTEEN_MINUTES }),
    },
  });

  const sandbox = config.SOCIAL_SIGN_IN === 'sandbox' ? await sandboxIdentityProviders() : null;
  const providers =
    config.SOCIAL_SIGN_IN === 'live'
      ? liveProviders({ google: config.GOOGLE_CLIENT_ID!, apple: config.APPLE_CLIENT_ID! })
      : sandbox?.providers;
  const social = providers ? { signIn: createSocialSignIn({ repo, auth, providers }), sandbox } : null;
  return { auth, social };
}
