import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from './port';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, Cloudflare R2, …); unset: AWS. */
  endpoint?: string;
  /** bucket in the path (http://host/bucket/key), as most S3-compatible services want, rather than in the host name. */
  forcePathStyle: boolean;
  /** Folder-like prefix of every key in the bucket. */
  prefix?: string;
}

/**
 * Blobs as objects in an S3-compatible bucket, so every API process on every machine reads the same files.
 * Credentials come from the SDK's usual sources (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, the
 * instance's role), never from the shop's own configuration.
 */
export function s3BlobStore({ bucket, region, endpoint, forcePathStyle, prefix = 'uploads/' }: S3Options): BlobStore {
  const client = new S3Client({
    region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer default headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (key: string) => `${prefix}${key}`;
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: bytes, ContentType: 'application/octet-stream' }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
  };
}
