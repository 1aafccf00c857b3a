import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawGet, type RawReply } from '../../test/support/raw-get';
import { PrebuiltReplies } from './prebuilt-replies';
import { serverAnsweringPrebuilt } from './prebuilt-server';
import { registerSecurityHeaders } from './security-headers';
import { SerialisedJson, sendSerialisedJson } from './serialised-json';

const get = (base: string, path: string, headers: Record<string, string> = {}) => rawGet(`${base}${path}`, headers);

const json = new SerialisedJson(JSON.stringify({ name: 'Wegovy', description: 'x'.repeat(4000) }));
const etag = '"abc"';
const freshness = { expiresAt: 0 };
let prebuilt: PrebuiltReplies;
let app: FastifyInstance;
let base: string;
let handled = 0;

beforeAll(async () => {
  prebuilt = new PrebuiltReplies();
  app = Fastify({ serverFactory: serverAnsweringPrebuilt(prebuilt) });
  registerSecurityHeaders(app, {});
  app.get('/product', { onSend: prebuilt.record }, async (request, reply) => {
    handled += 1;
    prebuilt.mark(reply, freshness, json.worthCompressing);
    return sendSerialisedJson(request, reply.header('cache-control', 'public, max-age=60'), json, { etag });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());
beforeEach(() => {
  freshness.expiresAt = Date.now() + 60_000;
});

/** Asks Fastify once (which records the reply), then asks again and expects the same reply without the handler. */
async function expectReplayed(path: string, headers: Record<string, string> = {}): Promise<RawReply> {
  const first = await get(base, path, headers);
  const before = handled;
  const second = await get(base, path, headers);
  expect(handled).toBe(before);
  expect(second).toEqual(first);
  return second;
}

describe('cached public reads answered before Fastify', () => {
  it('replays the 200 with every header (security headers, ETag, Cache-Control, Vary, length) and the same bytes', async () => {
    const replayed = await expectReplayed('/product?channel=WEB_WL_UK');
    expect(replayed.status).toBe(200);
    expect(replayed.body.toString()).toBe(json.body);
    expect(replayed.headers).toMatchObject({
      etag,
      'cache-control': 'public, max-age=60',
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(json.bytes.length),
      'content-security-policy': expect.any(String),
      'strict-transport-security': expect.any(String),
      'x-content-type-options': 'nosniff',
    });
  });

  it('replays the 304 for a matching If-None-Match, and the 200 for one that does not match', async () => {
    const notModified = await expectReplayed('/product?channel=A', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=60', 'content-security-policy': expect.any(String) });
    const before = handled;
    expect((await get(base, '/product?channel=A', { 'if-none-match': '"other"' })).status).toBe(200);
    expect((await get(base, '/product?channel=A', { 'if-none-match': '"other"' })).status).toBe(200);
    expect(handled).toBe(before + 1);
  });

  it('keeps the brotli representation apart, with its own ETag', async () => {
    const compressed = await expectReplayed('/product?channel=B', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe('"abc-br"');
    const plain = await get(base, '/product?channel=B');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(etag);
    expect((await get(base, '/product?channel=B', { 'accept-encoding': 'br', 'if-none-match': '"abc-br"' })).status).toBe(304);
  });

  it('tells its observer of each replay, by the route pattern that first answered it', async () => {
    const replays: { route: string; status: number; seconds: number }[] = [];
    prebuilt.observeReplays((route, status, seconds) => replays.push({ route, status, seconds }));
    await get(base, '/product?channel=M');
    expect(replays).toEqual([]);
    await get(base, '/product?channel=M');
    // A 304 is replayed once Fastify has answered one.
    await get(base, '/product?channel=M', { 'if-none-match': etag });
    await get(base, '/product?channel=M', { 'if-none-match': etag });
    expect(replays.map(({ route, status }) => ({ route, status }))).toEqual([
      { route: '/product', status: 200 },
      { route: '/product', status: 304 },
    ]);
    expect(replays.every(({ seconds }) => seconds >= 0 && seconds < 1)).toBe(true);
  });

  it('leaves to Fastify a request with cookies, a stale entry, and everything once stopped', async () => {
    await get(base, '/product?channel=C');
    let before = handled;
    await get(base, '/product?channel=C', { cookie: 'quiz_session=x' });
    await get(base, '/product?channel=C', { authorization: 'Bearer x' });
    expect(handled).toBe(before + 2);

    freshness.expiresAt = 0;
    before = handled;
    await get(base, '/product?channel=C');
    expect(handled).toBe(before + 1);

    freshness.expiresAt = Date.now() + 60_000;
    await get(base, '/product?channel=D');
    prebuilt.stop();
    before = handled;
    await get(base, '/product?channel=D');
    expect(handled).toBe(before + 1);
  });
});
