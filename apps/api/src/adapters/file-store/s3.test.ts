import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type S3Server } from '../../../test/support/s3';
import { encryptedFileStore } from './encrypted';
import { s3BlobStore } from './s3';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3.close();
});

const bucketStore = () => s3BlobStore({ bucket: s3.bucket, region: 'eu-west-2', endpoint: s3.endpoint, forcePathStyle: true });

describe('encrypted files in an S3-compatible bucket (over HTTP, s3rver)', () => {
  it('puts only ciphertext in the bucket, reads the photo back, and deletes it', async () => {
    // The adapter takes its credentials where the AWS SDK always looks: the standard environment variables.
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3.env.AWS_ACCESS_KEY_ID!);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.env.AWS_SECRET_ACCESS_KEY!);
    const store = encryptedFileStore(bucketStore(), randomBytes(32));
    const id = randomUUID();
    const photo = Buffer.from('a photo of a passport, plainly');
    await store.put(id, photo);

    const objects = await s3.objects();
    expect([...objects.keys()]).toEqual([`uploads/${id}`]);
    const inBucket = objects.get(`uploads/${id}`)!;
    expect(inBucket.includes(photo)).toBe(false);
    expect(inBucket.length).toBe(photo.length + 12 + 16);

    expect(await store.get(id)).toEqual(photo);
    expect(await store.get(randomUUID())).toBeNull();
    await store.delete(id);
    expect(await store.get(id)).toBeNull();
    expect((await s3.objects()).size).toBe(0);
  });

  it('is refused by the server with credentials it does not know', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'NOT-A-KEY');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'not-a-secret');
    await expect(bucketStore().get(randomUUID())).rejects.toThrow();
  });
});
