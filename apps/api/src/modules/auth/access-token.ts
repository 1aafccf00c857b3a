import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'elmwood-shop';
const AUDIENCE = 'elmwood-shop-api';

/** Short-lived proof of sign-in: the customer's public uid, signed with the shop's secret (HS256). */
export function accessTokens(secret: string, minutes: number) {
  const key = new TextEncoder().encode(secret);
  return {
    lifetimeSeconds: minutes * 60,
    async issue(customerUid: string): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customerUid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${minutes}m`)
        .sign(key);
    },
    /** The customer's uid, or null for a missing, forged or expired token. */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        return payload.sub ?? null;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
