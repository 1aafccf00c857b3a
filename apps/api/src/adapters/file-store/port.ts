/** Where patients' files live, as the shop sees them: outside the web root, readable only through the API's owner checks. */
export interface FileStore {
  put(id: string, bytes: Buffer): Promise<void>;
  /** Null when there is no such file. */
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
}

/**
 * Where the bytes are kept (local disk, S3-compatible object storage). It only ever sees what the shop has
 * already encrypted, under keys the shop made.
 */
export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
