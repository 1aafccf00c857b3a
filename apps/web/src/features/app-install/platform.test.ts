import { describe, expect, it } from 'vitest';
import { installWayFor } from './platform';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('installWayFor', () => {
  it('shows iOS Safari’s two steps on an iPhone, which has no install prompt', () => {
    expect(installWayFor({ promptReady: false, userAgent: IPHONE, coarsePointer: true })).toBe('ios');
  });
  it('offers the browser’s own prompt where Chromium gave one, on a phone or a computer', () => {
    expect(installWayFor({ promptReady: true, userAgent: ANDROID, coarsePointer: true })).toBe('prompt');
    expect(installWayFor({ promptReady: true, userAgent: DESKTOP, coarsePointer: false })).toBe('prompt');
  });
  it('without a prompt, a computer shows the QR code and a phone its browser’s menu', () => {
    expect(installWayFor({ promptReady: false, userAgent: DESKTOP, coarsePointer: false })).toBe('computer');
    expect(installWayFor({ promptReady: false, userAgent: ANDROID, coarsePointer: true })).toBe('phone-menu');
  });
});
