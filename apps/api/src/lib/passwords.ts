import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor (19 MiB, 2 passes, 1 lane); @node-rs/argon2 uses argon2id by default.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; with no account (null hash) it still spends the same time on a dummy hash, so the
 * answer's timing does not tell whether an email is registered.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}
