import { createHash, timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

export interface MetricsAccessConfig {
  /** Addresses and CIDR ranges whose requests may read the metrics (the client's address after TRUST_PROXY). */
  allowedAddresses?: readonly string[];
  /** A bearer token that may read them from anywhere. */
  token?: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics, or null when nobody is configured (then the route is not even made). The address is
 * Fastify's `request.ip`, which believes X-Forwarded-For only from the proxies TRUST_PROXY names. The token is
 * compared as SHA-256 digests in constant time, so neither its content nor its length shows in the timing.
 */
export function metricsAccess({ allowedAddresses = [], token }: MetricsAccessConfig): ((request: FastifyRequest) => boolean) | null {
  if (allowedAddresses.length === 0 && token === undefined) return null;
  const fromAllowedAddress = allowedAddresses.length > 0 ? proxyAddr.compile([...allowedAddresses]) : () => false;
  const expected = token === undefined ? null : digest(token);
  return (request) => {
    if (fromAllowedAddress(request.ip, 0)) return true;
    const header = request.headers.authorization;
    if (expected === null || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
    return timingSafeEqual(digest(header.slice('Bearer '.length)), expected);
  };
}
