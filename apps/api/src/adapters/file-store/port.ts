/** Where patients' files live: outside the web root, readable only through the API's owner checks. */
export interface FileStore {
  put(id: string, bytes: Buffer): Promise<void>;
  /** Null when there is no such file. */
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
}
