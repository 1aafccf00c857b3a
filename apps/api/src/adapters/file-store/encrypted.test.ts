import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diskBlobStore } from './disk';
import { encryptedFileStore } from './encrypted';

describe('encrypted files on local disk', () => {
  it('keeps only ciphertext on disk and gives the bytes back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'uploads-'));
    const store = encryptedFileStore(diskBlobStore(dir), randomBytes(32));
    const id = randomUUID();
    const secret = Buffer.from('a photo of a passport, plainly');
    await store.put(id, secret);
    const [folder] = await readdir(dir);
    const onDisk = await readFile(join(dir, folder!, id));
    expect(onDisk.includes(secret)).toBe(false);
    expect(await store.get(id)).toEqual(secret);
    expect(await store.get(randomUUID())).toBeNull();
    await store.delete(id);
    expect(await store.get(id)).toBeNull();
  });

  it('refuses to open a file changed on disk, or with another key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'uploads-'));
    const key = randomBytes(32);
    const id = randomUUID();
    await encryptedFileStore(diskBlobStore(dir), key).put(id, Buffer.from('photo'));
    await expect(encryptedFileStore(diskBlobStore(dir), randomBytes(32)).get(id)).rejects.toThrow();
    const path = join(dir, id.slice(0, 2), id);
    const sealed = await readFile(path);
    sealed[sealed.length - 1]! ^= 1;
    await writeFile(path, sealed);
    await expect(encryptedFileStore(diskBlobStore(dir), key).get(id)).rejects.toThrow();
  });

  it('accepts only its own file ids (no path tricks)', async () => {
    const store = encryptedFileStore(diskBlobStore(tmpdir()), randomBytes(32));
    expect(await store.get('../../etc/passwd')).toBeNull();
    await expect(store.put('../x', Buffer.from('x'))).rejects.toThrow('Not a file id');
    await expect(diskBlobStore(tmpdir()).get('../../etc/passwd')).rejects.toThrow('Not a storage key');
  });
});
