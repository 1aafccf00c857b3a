import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { BlobStore, FileStore } from './port';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const FILE_ID = /^[a-f0-9-]{36}$/;

/**
 * Files encrypted by the shop before they reach storage, with AES-256-GCM: each blob is its own random IV, the
 * authentication tag and the ciphertext, so a blob changed in storage fails to open rather than serving tampered
 * bytes, and whoever runs the storage sees no photo.
 */
export function encryptedFileStore(blobs: BlobStore, key: Buffer): FileStore {
  if (key.length !== 32) throw new RangeError('The upload encryption key must be 32 bytes');
  const checked = (id: string) => {
    if (!FILE_ID.test(id)) throw new RangeError('Not a file id');
    return id;
  };
  return {
    async put(id, bytes) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
      await blobs.put(checked(id), Buffer.concat([iv, cipher.getAuthTag(), body]));
    },
    async get(id) {
      if (!FILE_ID.test(id)) return null;
      const sealed = await blobs.get(id);
      if (!sealed) return null;
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
    async delete(id) {
      await blobs.delete(checked(id));
    },
  };
}
