import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account: it checks request signatures against these. */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Server {
  bucket: string;
  endpoint: string;
  /** What the shop's configuration needs to use this server, credentials included. */
  env: Record<string, string>;
  /** Every object in the bucket, read over S3's own API, as whoever runs the storage sees it. */
  objects(): Promise<Map<string, Buffer>>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free local port, with one empty bucket, kept in a fresh folder. */
export async function startS3Server(bucket = 'elmwood-test-photos'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'elmwood-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const reader = new S3Client({
    endpoint,
    region: 'eu-west-2',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  return {
    bucket,
    endpoint,
    env: { FILE_STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'true', ...S3_CREDENTIALS },
    async objects() {
      const listed = await reader.send(new ListObjectsV2Command({ Bucket: bucket }));
      const objects = new Map<string, Buffer>();
      for (const { Key } of listed.Contents ?? []) {
        const object = await reader.send(new GetObjectCommand({ Bucket: bucket, Key }));
        objects.set(Key!, Buffer.from(await object.Body!.transformToByteArray()));
      }
      return objects;
    },
    async close() {
      reader.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
