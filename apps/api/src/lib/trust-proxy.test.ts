import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const value of [undefined, '', '  ', 'false', '0']) expect(parseTrustProxy(value)).toEqual({ ok: true, value: false });
  });

  it('reads a hop count, up to 10', () => {
    expect(parseTrustProxy('1')).toEqual({ ok: true, value: 1 });
    expect(parseTrustProxy('10')).toEqual({ ok: true, value: 10 });
    expect(parseTrustProxy('11')).toMatchObject({ ok: false });
  });

  it('reads addresses, CIDR ranges, netmasks and the named private ranges', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,2001:db8::/32,10.0.0.0/255.0.0.0,loopback')).toEqual({
      ok: true,
      value: ['10.0.0.1', '192.168.0.0/16', '2001:db8::/32', '10.0.0.0/255.0.0.0', 'loopback'],
    });
    expect(parseTrustProxy('::1')).toEqual({ ok: true, value: ['::1'] });
  });

  it('refuses true, which would let every client name its own address', () => {
    expect(parseTrustProxy('true')).toMatchObject({ ok: false, message: expect.stringContaining('cannot be true') });
  });

  it.each(['10.0.0.1/33', '::1/129', '10.0.0.256', 'proxy.internal', '10.0.0.0/8/1', '10.0.0.0/ffff::', '1,', '-1'])('refuses %s', (value) => {
    expect(parseTrustProxy(value)).toMatchObject({ ok: false });
  });
});

describe('fastifyTrustProxy', () => {
  it('trusts the given number of hops nearest the server, the connecting peer first', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });

  it('passes addresses through, and no proxy stays no proxy', () => {
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
