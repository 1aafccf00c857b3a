import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, registerErrorHandling } from './errors';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

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
    const expected = securityHeaders(options);
    for (const url of ['/ok', '/fails', '/nowhere']) {
      const res = await app.inject({ url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    await app.close();
  });
});
