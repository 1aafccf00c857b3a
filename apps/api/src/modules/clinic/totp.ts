import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** Codes from the step before and after are accepted too (clocks drift); a used step is never accepted again. */
const TOLERANCE_SECONDS = 30;

/** AES-256-GCM for TOTP secrets at rest: 'iv.tag.ciphertext', each base64url. */
export function secretBox(key: Buffer) {
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

/** STAFF_TOTP_KEY when set; otherwise a key derived from the upload key, which production already requires. */
export function totpKeyFrom(staffKey: string | undefined, uploadKey: Buffer): Buffer {
  if (staffKey) return Buffer.from(staffKey, 'base64');
  return Buffer.from(hkdfSync('sha256', uploadKey, Buffer.alloc(0), 'elmwood staff totp secrets', 32));
}

export const newTotpSecret = (): string => generateSecret();

export function otpauthUrl(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The QR code of an otpauth URL as a data: URL, made here: the secret never goes to a third-party service. */
export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/** The code's time step when it is valid and newer than `lastStep`; null otherwise. */
export async function acceptedTotpStep(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid) return null;
  const step = (result as { timeStep: number }).timeStep;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Ten single-use recovery codes like 'k3vq-8m2d-x7pf', and their hashes for the database. */
export function newRecoveryCodes(count = 10): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: count }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Recovery codes are random (about 59 bits), so a plain SHA-256 keeps them as safe as a slow hash would. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('base64url');
}
