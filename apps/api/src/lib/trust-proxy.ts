import { isIP } from 'node:net';

/** What Fastify's `trustProxy` is given: no proxy, a number of proxy hops, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

// proxy-addr (which Fastify uses) knows these names for the private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (or address/netmask), or one of proxy-addr's named ranges. */
export function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (isIP(bits) === version) return true; // a netmask, e.g. 10.0.0.0/255.0.0.0
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset or empty trusts no proxy (the peer's address is the client's); a whole number trusts
 * that many hops of X-Forwarded-For; otherwise a comma-separated list of the proxies' addresses or ranges.
 * `true` (trust every hop) is refused: then any client names its own address and walks past per-address limits.
 */
export function parseTrustProxy(value: string | undefined): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return { ok: true, value: false };
  if (text === 'true') {
    return { ok: false, message: 'cannot be true (every client could then name its own address); give the number of proxy hops or their addresses' };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { ok: true, value: hops === 0 ? false : hops } : { ok: false, message: 'must be at most 10 proxy hops' };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    return { ok: false, message: `must be a number of proxy hops or comma-separated addresses or CIDR ranges ('${bad.slice(0, 40)}' is neither)` };
  }
  return { ok: true, value: entries };
}

/**
 * Fastify's own option: it reads a bare number as 'trust nothing', so a hop count becomes a function trusting
 * that many hops nearest the server (the connecting peer is hop 0), as Express does. A hop count believes whoever
 * connects, so it fits only a shop that nothing but its proxies can reach; addresses are safer.
 */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
