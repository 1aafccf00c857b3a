import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diskBlobStore } from './disk';
import { encryptedFileStore } from './encrypted';
import type { BlobStore, FileStore } from './port';
import { s3BlobStore } from './s3';
import type { Config } from '../../config';

/**
 * The upload store from configuration: the shop encrypts, then keeps the ciphertext on local disk or in an
 * S3-compatible bucket. Outside production, without a configured key, a key is made once and kept beside the
 * embedded database, so demo uploads survive a restart.
 */
export function fileStoreFor(config: Config): FileStore {
  const key = uploadEncryptionKey(config);
  return encryptedFileStore(blobStoreFor(config), key);
}

function blobStoreFor(config: Config): BlobStore {
  if (config.FILE_STORAGE === 's3') {
    return s3BlobStore({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return diskBlobStore(config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'));
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
