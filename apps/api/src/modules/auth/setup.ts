import type { FastifyInstance } from 'fastify';
import { liveProviders } from '../../adapters/identity-provider/live';
import { sandboxIdentityProviders } from '../../adapters/identity-provider/sandbox';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Notifier } from '../../contracts/notifier';
import { databaseFailureLog, type RateLimiter, type RateLimiters } from '../../lib/rate-limiter';
import { accessTokens } from './access-token';
import { registerAuthentication } from './authentication';
import { authRepo } from './repo';
import type { PacedBy, SignInPacing } from '../../lib/sign-in-pacing';
import { createAuthService } from './service';
import { createSocialSignIn } from './social';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/**
 * Wrong passwords and the turns after them, counted in scopes named from `prefix` ('sign-in' for patients,
 * 'staff-sign-in' for the clinic's staff), so the two sign-ins never slow each other down.
 */
export function signInPacing(db: Db, { secret, limiters, now }: { secret: string; limiters: RateLimiters; now: () => number }, prefix: string): SignInPacing {
  const turns = new Map<string, RateLimiter>();
  const turn = (by: PacedBy, seconds: number) => {
    // One scope per slot length: each scope's sweep then only ever removes ended slots of its own length.
    const scope = `${prefix}-turn-${by}-${seconds}s`;
    let limiter = turns.get(scope);
    if (!limiter) {
      limiter = limiters({ scope, limit: 1, windowMs: seconds * 1000 });
      turns.set(scope, limiter);
    }
    return limiter;
  };
  return {
    failures: {
      account: databaseFailureLog(db, secret, `${prefix}-failures-account`, ONE_HOUR, now),
      address: databaseFailureLog(db, secret, `${prefix}-failures-address`, ONE_HOUR, now),
    },
    turn,
    now,
  };
}

/**
 * Sign-in for the whole app: every request learns who is signed in, and the auth services are built from
 * configuration. `secret` signs access tokens (AUTH_SECRET; outside production a random one per start).
 */
export async function setUpAuthentication(
  app: FastifyInstance,
  config: Config,
  db: Db,
  { secret, limiters, now, notifier }: { secret: string; limiters: RateLimiters; now: () => number; notifier: Notifier },
) {
  const tokens = accessTokens(secret, config.ACCESS_TOKEN_MINUTES);
  const repo = authRepo(db);
  registerAuthentication(app, tokens, (session) => repo.sessionIsLive(session));
  const auth = createAuthService({
    secret,
    pacing: signInPacing(db, { secret, limiters, now }, 'sign-in'),
    repo,
    tokens,
    notify: (request, tx) => notifier.notify(tx ?? db, request),
    refreshDays: config.REFRESH_TOKEN_DAYS,
    refreshGraceSeconds: config.REFRESH_TOKEN_REUSE_GRACE_SECONDS,
    limits: {
      perAddress: limiters({ scope: 'sign-in-address', limit: config.AUTH_RATE_LIMIT_PER_ADDRESS, windowMs: FIFTEEN_MINUTES }),
      perAccount: limiters({ scope: 'sign-in-account', limit: config.AUTH_RATE_LIMIT_PER_ACCOUNT, windowMs: FIFTEEN_MINUTES }),
    },
    signupLimits: {
      perDevice: limiters({ scope: 'signup-device', limit: config.REGISTER_RATE_LIMIT_PER_DEVICE, windowMs: ONE_HOUR }),
      perAddress: limiters({ scope: 'signup-address', limit: config.REGISTER_RATE_LIMIT_PER_ADDRESS, windowMs: ONE_HOUR }),
      global: limiters({ scope: 'signup-global', limit: config.REGISTER_RATE_LIMIT_GLOBAL, windowMs: ONE_HOUR }),
    },
    signupEmails: limiters({ scope: 'signup-emails', limit: config.REGISTER_EMAILS_PER_ADDRESS, windowMs: ONE_HOUR }),
  });

  const sandbox = config.SOCIAL_SIGN_IN === 'sandbox' ? await sandboxIdentityProviders() : null;
  const providers =
    config.SOCIAL_SIGN_IN === 'live'
      ? liveProviders({ google: config.GOOGLE_CLIENT_ID!, apple: config.APPLE_CLIENT_ID! })
      : sandbox?.providers;
  const social = providers ? { signIn: createSocialSignIn({ repo, auth, providers, sandbox: sandbox !== null }), sandbox } : null;
  return { auth, social };
}
