/**
 * The providers' browser scripts the shop loads, each only on the pages that need it (the payment step; the
 * pages with the social sign-in buttons), and what each needs the Content-Security-Policy to allow: exactly its
 * hosts, added only when the provider is configured. The web loads `src`; the API builds its CSP from `allow`.
 */
export type CspDirective = 'script-src' | 'connect-src' | 'frame-src' | 'style-src' | 'img-src';

export interface ThirdPartyScript {
  src: string;
  allow: Partial<Record<CspDirective, string[]>>;
}

export const THIRD_PARTY_SCRIPTS = {
  /** Google Pay API for web: pay.js; its payment sheet talks to and frames pay.google.com. */
  googlePay: {
    src: 'https://pay.google.com/gp/p/js/pay.js',
    allow: { 'script-src': ['https://pay.google.com'], 'connect-src': ['https://pay.google.com'], 'frame-src': ['https://pay.google.com'] },
  },
  /** Apple Pay JS SDK (ApplePaySession, and Apple Pay on browsers other than Safari). */
  applePay: {
    src: 'https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js',
    allow: { 'script-src': ['https://applepay.cdn-apple.com'] },
  },
  /** Google Identity Services: the 'Sign in with Google' button (Google's documented CSP for it). */
  googleSignIn: {
    src: 'https://accounts.google.com/gsi/client',
    allow: {
      'script-src': ['https://accounts.google.com/gsi/client'],
      'frame-src': ['https://accounts.google.com/gsi/'],
      'connect-src': ['https://accounts.google.com/gsi/'],
      'style-src': ['https://accounts.google.com/gsi/style'],
    },
  },
  /** Sign in with Apple JS (popup mode: the ID token comes back to the page by message, nothing is framed). */
  appleSignIn: {
    src: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
    allow: { 'script-src': ['https://appleid.cdn-apple.com'] },
  },
} as const satisfies Record<string, ThirdPartyScript>;
export type ThirdPartyScriptName = keyof typeof THIRD_PARTY_SCRIPTS;

/** The hosts each CSP directive must add for these scripts, without repeats. */
export function contentSecurityFor(names: readonly ThirdPartyScriptName[]): Record<CspDirective, string[]> {
  const allowed: Record<CspDirective, string[]> = { 'script-src': [], 'connect-src': [], 'frame-src': [], 'style-src': [], 'img-src': [] };
  for (const name of names) {
    const allow: ThirdPartyScript['allow'] = THIRD_PARTY_SCRIPTS[name].allow;
    for (const [directive, hosts] of Object.entries(allow) as [CspDirective, string[]][]) {
      for (const host of hosts) if (!allowed[directive].includes(host)) allowed[directive].push(host);
    }
  }
  return allowed;
}
