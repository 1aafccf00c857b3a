import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from './cookies';

afterEach(() => {
  for (const name of ['basket', 'other']) writeCookie(name, null, { path: '/', maxAgeSeconds: 0 });
});

describe('first-party cookies', () => {
  it('reads back what was written, decoded, among other cookies', () => {
    writeCookie('other', 'x', { path: '/', maxAgeSeconds: 60 });
    writeCookie('basket', 'a b=c;d', { path: '/', maxAgeSeconds: 60 });
    expect(readCookie('basket')).toBe('a b=c;d');
    expect(readCookie('other')).toBe('x');
  });

  it('answers null for a cookie not set, removed, or not decodable', () => {
    expect(readCookie('basket')).toBeNull();
    writeCookie('basket', 'kept', { path: '/', maxAgeSeconds: 60 });
    writeCookie('basket', null, { path: '/', maxAgeSeconds: 60 });
    expect(readCookie('basket')).toBeNull();
    document.cookie = 'basket=%E0%A4%A; Path=/';
    expect(readCookie('basket')).toBeNull();
  });

  it('is sent only to pages under its path', () => {
    writeCookie('basket', 'token', { path: '/n/', maxAgeSeconds: 60 });
    // jsdom's page is at /, outside /n/: the cookie exists but is not this page's.
    expect(readCookie('basket')).toBeNull();
    writeCookie('basket', null, { path: '/n/', maxAgeSeconds: 60 });
  });
});
