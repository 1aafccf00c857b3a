import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encryptedDiskStore } from '../../adapters/file-store/encrypted-disk';
import type { FileStore } from '../../adapters/file-store/port';
import type { Config } from '../../config';

/**
 * The upload store from configuration. Outside production, without a configured key, a key is made
 * once and kept beside the embedded database, so demo uploads survive a restart.
 */
export function fileStoreFor(config: Config): FileStore {
  const key = uploadEncryptionKey(config);
  return encryptedDiskStore({ dir: config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'), key });
}

/** UPLOAD_ENCRYPTION_KEY, or outside production the key kept in DATA_DIR (also the root of the staff TOTP key). */
export function uploadEncryptionKey(config: Config): Buffer {
  return config.UPLOAD_ENCRYPTION_KEY ? Buffer.from(config.UPLOAD_ENCRYPTION_KEY, 'base64') : developmentKey(config.DATA_DIR);
}

function developmentKey(dataDir: string): Buffer {
  const path = join(dataDir, 'upload.key');
  const read = () => Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  try {
    return read();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process made it first: use theirs.
    }
    return read();
  }
}
