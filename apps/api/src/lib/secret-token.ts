import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for a cookie or a link; only its hash is ever stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
