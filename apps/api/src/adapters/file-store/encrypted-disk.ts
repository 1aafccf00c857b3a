import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from './port';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Files encrypted at rest with AES-256-GCM: each file is its own random IV, the authentication tag and
 * the ciphertext, so a file changed on disk fails to open rather than serving tampered bytes.
 * (Past one machine the same envelope goes to S3-compatible storage behind this port.)
 */
export function encryptedDiskStore({ dir, key }: { dir: string; key: Buffer }): FileStore {
  if (key.length !== 32) throw new RangeError('The upload encryption key must be 32 bytes');
  const pathOf = (id: string) => {
    if (!/^[a-f0-9-]{36}$/.test(id)) throw new RangeError('Not a file id');
    return join(dir, id.slice(0, 2), id);
  };
  return {
    async put(id, bytes) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
      const path = pathOf(id);
      await mkdir(join(dir, id.slice(0, 2)), { recursive: true, mode: 0o700 });
      await writeFile(path, Buffer.concat([iv, cipher.getAuthTag(), body]), { mode: 0o600 });
    },
    async get(id) {
      let sealed: Buffer;
      try {
        sealed = await readFile(pathOf(id));
      } catch {
        return null;
      }
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
  };
}
