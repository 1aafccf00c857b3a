import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'elmwood-shop';
const AUDIENCE = 'elmwood-shop-api';

/** Who a valid access token names: the customer, and the sign-in (refresh-token family) it belongs to. */
export interface AccessClaims {
  uid: string;
  session: string;
}

/**
 * Short-lived proof of sign-in: the customer's public uid and their sign-in's session id (`sid`, the refresh-token
 * family), signed with the shop's secret (HS256). The session id lets a logout or a password reset end the token early.
 */
export function accessTokens(secret: string, minutes: number) {
  const key = new TextEncoder().encode(secret);
  return {
    lifetimeSeconds: minutes * 60,
    async issue(customerUid: string, session: string): Promise<string> {
      return new SignJWT({ sid: session })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customerUid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${minutes}m`)
        .sign(key);
    },
    /** The token's claims, or null for a missing, forged or expired token (or one from before sessions were named). */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        return payload.sub && typeof payload.sid === 'string' ? { uid: payload.sub, session: payload.sid } : null;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
