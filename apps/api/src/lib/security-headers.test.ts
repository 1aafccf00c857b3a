import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, registerErrorHandling } from './errors';
import { apiSecurityHeaders, registerSecurityHeaders, securityHeaders } from './security-headers';

const options = { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null } } };

describe('security headers', () => {
  it("are helmet's, worked out once: its policy, frame and sniffing headers", () => {
    const headers = securityHeaders(options);
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
  });

  it('go on every reply: a route, an error and an address nobody answers', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    registerSecurityHeaders(app, options);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new AppError(409, 'NOPE', 'No.');
    });
    app.get('/shop-api/ok', async () => ({ ok: true }));
    const page = securityHeaders(options);
    const api = apiSecurityHeaders(page);
    const expectations: [string, Record<string, string>][] = [
      ...['/ok', '/fails', '/nowhere'].map((url): [string, Record<string, string>] => [url, page]),
      ...['/shop-api/ok', '/shop-api/nowhere'].map((url): [string, Record<string, string>] => [url, api]),
    ];
    for (const [url, expected] of expectations) {
      const res = await app.inject({ url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    // The page set's own headers are not sent on an API reply.
    expect((await app.inject({ url: '/shop-api/ok' })).headers['cross-origin-opener-policy']).toBeUndefined();
    await app.close();
  });

  it('on API replies are the REST set: nothing may load from, frame or sniff a reply that is never a page', () => {
    expect(apiSecurityHeaders(securityHeaders(options))).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
  });
});
