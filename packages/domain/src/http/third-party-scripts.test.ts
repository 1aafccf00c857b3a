import { describe, expect, it } from 'vitest';
import { contentSecurityFor, THIRD_PARTY_SCRIPTS } from './third-party-scripts';

describe("the providers' scripts and the CSP they need", () => {
  it('allows nothing when no provider is configured', () => {
    expect(contentSecurityFor([])).toEqual({ 'script-src': [], 'connect-src': [], 'frame-src': [], 'style-src': [], 'img-src': [] });
  });

  it('allows exactly the wallet hosts for Google Pay and Apple Pay', () => {
    expect(contentSecurityFor(['googlePay', 'applePay'])).toEqual({
      'script-src': ['https://pay.google.com', 'https://applepay.cdn-apple.com'],
      'connect-src': ['https://pay.google.com'],
      'frame-src': ['https://pay.google.com'],
      'style-src': [],
      'img-src': [],
    });
  });

  it("allows Google Identity Services' documented paths and Apple's sign-in script host", () => {
    const allowed = contentSecurityFor(['googleSignIn', 'appleSignIn', 'googleSignIn']);
    expect(allowed['script-src']).toEqual(['https://accounts.google.com/gsi/client', 'https://appleid.cdn-apple.com']);
    expect(allowed['style-src']).toEqual(['https://accounts.google.com/gsi/style']);
    expect(allowed['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
  });

  it('serves every script over https from a host its own CSP allows', () => {
    for (const script of Object.values(THIRD_PARTY_SCRIPTS)) {
      expect(script.src.startsWith('https://')).toBe(true);
      expect(script.allow['script-src'].some((host) => script.src.startsWith(host))).toBe(true);
    }
  });
});
