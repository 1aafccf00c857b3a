import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { startJobs, type Jobs } from '../src/lib/queue';
import { createTestDatabase } from './support/database';

/** A built web app in miniature: the page and one fingerprinted script with its brotli twin. */
const webRoot = join(mkdtempSync(join(tmpdir(), 'elmwood-web-')), 'dist');
mkdirSync(webRoot);
const script = 'console.log("hello from the shop");'.repeat(50);
mkdirSync(join(webRoot, 'assets'));
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>Shop</title><script type="module" src="/boot.js" data-entry="/assets/index-abc123.js" data-modules="/assets/react-abc.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), script);
writeFileSync(join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(webRoot, 'assets', 'HomeRoute-abc.css'), '.shell{color:green}');
// As the web build writes it: what an entry page asks for first.
writeFileSync(
  join(webRoot, 'entry-preloads.json'),
  JSON.stringify([
    { path: '/', scripts: ['/assets/HomeRoute-abc.js'], styles: ['/assets/HomeRoute-abc.css'], fetches: [] },
    {
      path: '/n/:slug/quiz/:step',
      scripts: ['/assets/QuizRoute-def456.js'],
      styles: ['/assets/QuizRoute-def456.css'],
      fetches: ['/shop-api/questionnaires/by-slug/:slug', '/shop-api/products/by-code?codes=A%2CB&channel=WEB'],
    },
  ]),
);
// As `vite build --ssr` writes it beside the web app: renders '/' (after asking the API, in-process), fails on '/broken'.
mkdirSync(join(webRoot, '..', 'dist-ssr'));
writeFileSync(
  join(webRoot, '..', 'dist-ssr', 'entry-server.js'),
  `export async function renderPage(url, api) {
    if (url === '/broken') throw new Error('the page could not be rendered');
    if (url === '/pictured') return { html: '<main><img src="/images/pack.svg" alt="The pack" fetchPriority="high"/><img src="/images/other.svg" alt=""/></main>', dataScript: '' };
    if (url !== '/') return null;
    const health = await api('/healthz', { headers: { Accept: 'application/json' } });
    return { html: '<div class="shell"><h1>Welcome</h1><p>API ' + health.status + '</p></div>', dataScript: '<script type="application/json" id="ssr-data">{"queries":[]}</script>' };
  }
  export async function submitQuizStep() { return null; }`,
);

let app: FastifyInstance;
let database: Database;
let jobs: Jobs;
beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await startJobs(database, { runJobs: false, log: { error: () => undefined, warn: () => undefined } });
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: webRoot }), database, jobs, webRoot });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await jobs.stop();
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

  it('answers any page address with the app: brotli-compressed for a browser that accepts it, plain otherwise', async () => {
    for (const url of ['/', '/n/weight-loss/quiz/1']) {
      const res = await app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
      const plain = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<div id="root">');
    }
  });

  it("names an entry page's route code and first API calls in its head, with the address's values", async () => {
    const res = await app.inject({ url: '/n/hair-loss/quiz/3?from=home', headers: { accept: 'text/html' } });
    const head = res.body.split('</head>')[0]!;
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/QuizRoute-def456.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/QuizRoute-def456.css">');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/shop-api/questionnaires/by-slug/hair-loss">');
    expect(head).toContain('href="/shop-api/products/by-code?codes=A%2CB&amp;channel=WEB"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('names nothing for other pages, nor an API call whose address the app would not ask for', async () => {
    const other = await app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(other.body).not.toContain('rel="preload"');
    expect(other.body).not.toContain('QuizRoute');
    const odd = await app.inject({ url: '/n/%3Cscript%3E/quiz/1', headers: { accept: 'text/html' } });
    expect(odd.body).toContain('/assets/QuizRoute-def456.js');
    expect(odd.body).not.toContain('by-slug/');
  });

  it('sends a server-rendered page inside #root with its data and its styles, for this visitor alone', async () => {
    const res = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.body).toContain('<div id="root"><div class="shell"><h1>Welcome</h1><p>API 200</p></div></div><script type="application/json" id="ssr-data">{"queries":[]}</script>');
    // Painted with the page, no request later; the disabled link (never fetched) tells the app's loader it is there.
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/HomeRoute-abc.css" disabled><style>.shell{color:green}</style>');
    // Its code is fetched after the first paint, by the boot script, with the app's own modules.
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain('data-modules="/assets/HomeRoute-abc.js /assets/react-abc.js"');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const other = await app.inject({ url: '/n/hair-loss/quiz/1', headers: { accept: 'text/html' } });
    expect(other.body).toContain('<div id="root"></div>');
    expect(other.body).not.toContain('rel="stylesheet"');
  });

  it("asks for a rendered page's lead picture from its first bytes, before its styles", async () => {
    const res = await app.inject({ url: '/pictured', headers: { accept: 'text/html' } });
    const head = res.body.split('</head>')[0]!;
    expect(head).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/pack.svg"><script type="module" fetchpriority="low" src="/boot.js"');
    expect(head).not.toContain('other.svg');
  });

  it('sends the page for the browser to render when rendering it on the server fails', async () => {
    const res = await app.inject({ url: '/broken', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('ssr-data');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('a consultation step posted as a plain form', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

  it('is refused from another site, as every state-changing request is', async () => {
    const res = await app.inject({ method: 'POST', url: '/n/weight-loss/quiz/1', headers: { ...form, 'sec-fetch-site': 'cross-site' }, payload: 'q-a=1' });
    expect(res.statusCode).toBe(403);
  });

  it('from this site, goes where the server entry says (back to the step when it takes none)', async () => {
    const res = await app.inject({ method: 'POST', url: '/n/weight-loss/quiz/1', headers: { ...form, origin: 'null', 'sec-fetch-site': 'same-origin' }, payload: 'q-a=1' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/n/weight-loss/quiz/1');
  });

  it('is the only place a form body is read: the API itself takes JSON', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/shop-api/medical-history-for-groups-by-slug/weight-loss', headers: form, payload: 'a=1' });
    expect(res.statusCode).toBe(415);
  });
});
