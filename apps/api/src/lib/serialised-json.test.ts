import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, SerialisedJson } from './serialised-json';

const asking = (acceptEncoding?: string) => ({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }) as FastifyRequest;

describe('acceptsBrotli', () => {
  it.each([
    [undefined, false],
    ['gzip, deflate', false],
    ['gzip, deflate, br', true],
    ['BR', true],
    ['br;q=0.5, gzip', true],
    ['gzip, br;q=0', false],
    ['br; q=0.0', false],
    ['brotli', false],
  ])('Accept-Encoding %s → %s', (header, expected) => {
    expect(acceptsBrotli(asking(header))).toBe(expected);
  });
});

describe('SerialisedJson', () => {
  it('compresses once, and only a body worth compressing', () => {
    const big = new SerialisedJson(JSON.stringify({ text: 'a'.repeat(5000) }));
    expect(big.worthCompressing).toBe(true);
    expect(big.brotli).toBe(big.brotli);
    expect(big.brotli.length).toBeLessThan(100);
    expect(new SerialisedJson('{"ok":true}').worthCompressing).toBe(false);
  });
});
