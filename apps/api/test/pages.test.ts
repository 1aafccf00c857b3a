import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './support/database';

/** A built web app in miniature: the page and one fingerprinted script with its brotli twin. */
const webRoot = mkdtempSync(join(tmpdir(), 'elmwood-web-'));
const script = 'console.log("hello from the shop");'.repeat(50);
mkdirSync(join(webRoot, 'assets'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), script);
writeFileSync(join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));

let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: webRoot }), database, webRoot });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the built web app', () => {
  it('sends pre-compressed assets to browsers that accept them, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers any page address with the app, as readable HTML', async () => {
    for (const url of ['/', '/n/weight-loss/quiz/1']) {
      const res = await app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toContain('<div id="root">');
    }
  });
});
