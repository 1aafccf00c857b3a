import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from './port';

/** Blobs as files under one folder, spread over sub-folders by the key's first two characters. Only for one machine. */
export function diskBlobStore(dir: string): BlobStore {
  const pathOf = (key: string) => {
    // Keys come from the shop, but a path is never built from anything that could climb out of the folder.
    if (!/^[A-Za-z0-9-]{3,}$/.test(key)) throw new RangeError('Not a storage key');
    return { folder: join(dir, key.slice(0, 2)), path: join(dir, key.slice(0, 2), key) };
  };
  return {
    async put(key, bytes) {
      const { folder, path } = pathOf(key);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key).path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key).path, { force: true });
    },
  };
}
