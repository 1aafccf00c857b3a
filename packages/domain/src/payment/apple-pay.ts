/**
 * Apple Pay merchant validation may only ever be sent to Apple's payment gateway hosts (Apple's list: the global
 * and China hosts, their regional pods and the sandbox 'cert' hosts), over HTTPS on the default port. Anything
 * else the browser names would make the server post its merchant identity to a stranger.
 */
const APPLE_PAY_GATEWAY_HOST = /^(cn-)?apple-pay-gateway(-(nc|pr)-pod[1-5]|-(sh|tj)-pod[1-3]|-cert)?\.apple\.com$/;
/** Scheme, a bare host (no user, no port), then an optional path. */
const HTTPS_URL = /^https:\/\/([A-Za-z0-9.-]+)(\/[^\s\\]*)?$/;

export function isApplePayValidationUrl(value: string): boolean {
  const match = HTTPS_URL.exec(value);
  return match !== null && APPLE_PAY_GATEWAY_HOST.test(match[1]!.toLowerCase());
}
