import type { BrowserContext, Page } from '@playwright/test';

/**
 * The browser's push service stands in for this page: headless Chromium cannot reach one (subscribing fails with
 * 'permission denied'), so PushManager answers with a subscription a browser would make — a push-service address
 * and a real P-256 key pair and secret — kept for the tab's origin. The app's code, the shop and the service worker
 * are the real ones; the shop's sandbox push service takes the message in place of the browser's.
 */
export async function standInForPushService(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const KEY = 'e2e-push-subscription';
    const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    type Kept = { endpoint: string; p256dh: string; auth: string };
    const subscriptionOf = (kept: Kept) => ({
      endpoint: kept.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint: kept.endpoint, expirationTime: null, keys: { p256dh: kept.p256dh, auth: kept.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const read = (): Kept | null => JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    PushManager.prototype.getSubscription = async function () {
      const kept = read();
      return (kept ? subscriptionOf(kept) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function () {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const kept: Kept = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
        p256dh: b64(await crypto.subtle.exportKey('raw', pair.publicKey)),
        auth: b64(crypto.getRandomValues(new Uint8Array(16))),
      };
      localStorage.setItem(KEY, JSON.stringify(kept));
      return subscriptionOf(kept) as unknown as PushSubscription;
    };
  });
}

/** Hands `payload` to the page's service worker as its push service would (DevTools' push delivery), as plain text. */
export async function deliverPush(page: Page, payload: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  for (let tries = 0; tries < 20 && !registrations.some((registration) => registration.scopeURL === `${origin}/`); tries += 1) await page.waitForTimeout(100);
  const registration = registrations.find((found) => found.scopeURL === `${origin}/`);
  if (!registration) throw new Error('no service worker registration for the shop');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration.registrationId, data: payload });
  await cdp.detach();
}
