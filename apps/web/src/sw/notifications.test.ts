import { describe, expect, it } from 'vitest';
import { notificationFrom, openFromNotification, pathIn, renewPushSubscription, type PushRenewal } from './notifications';

const ORIGIN = 'https://shop.example';

/** The browser's windows of the app, as the worker's Clients API lists them. */
function windowsAt(...urls: string[]) {
  const events: string[] = [];
  const windows = urls.map((url) => {
    const window = {
      url,
      focus: async () => {
        events.push(`focus ${window.url}`);
        return window as unknown as WindowClient;
      },
      navigate: async (to: string) => {
        events.push(`navigate ${window.url} → ${to}`);
        window.url = to;
        return window as unknown as WindowClient;
      },
    };
    return window;
  });
  const clients = {
    matchAll: async () => windows,
    openWindow: async (url: string) => {
      events.push(`open ${url}`);
      return null;
    },
  };
  return { clients, events };
}

describe('a push message shown', () => {
  it('shows the words the shop sent, with the page to open and its tag', () => {
    const data = { json: () => ({ title: 'Time to log your weight', body: 'A quick weigh-in keeps your progress on track.', url: '/account/progress?log=weight', tag: 'notification-7' }) };
    expect(notificationFrom(data, ORIGIN)).toEqual({ title: 'Time to log your weight', body: 'A quick weigh-in keeps your progress on track.', url: '/account/progress?log=weight', tag: 'notification-7' });
  });

  it('shows words of its own for a message it cannot read, and never opens another site', () => {
    expect(notificationFrom({ json: () => JSON.parse('not json') }, ORIGIN)).toMatchObject({ title: 'A message from the clinic', url: '/account/home' });
    expect(notificationFrom(null, ORIGIN).url).toBe('/account/home');
    expect(pathIn(ORIGIN, 'https://evil.example/x')).toBe('/account/home');
    expect(pathIn(ORIGIN, '//evil.example/x')).toBe('/account/home');
    expect(pathIn(ORIGIN, '/account/progress?log=weight')).toBe('/account/progress?log=weight');
  });
});

describe('a tap on a notification', () => {
  it('brings the app’s window already on the page to the front', async () => {
    const { clients, events } = windowsAt(`${ORIGIN}/account/home`, `${ORIGIN}/account/progress?log=weight`);
    await openFromNotification(clients, ORIGIN, '/account/progress?log=weight');
    expect(events).toEqual([`focus ${ORIGIN}/account/progress?log=weight`]);
  });

  it('moves an open window of the app to the page, or opens one when none is open', async () => {
    const open = windowsAt('https://other.example/', `${ORIGIN}/account/home`);
    await openFromNotification(open.clients, ORIGIN, '/account/progress?log=weight');
    expect(open.events).toEqual([`navigate ${ORIGIN}/account/home → ${ORIGIN}/account/progress?log=weight`, `focus ${ORIGIN}/account/progress?log=weight`]);

    const none = windowsAt();
    await openFromNotification(none.clients, ORIGIN, '/account/progress?log=weight');
    expect(none.events).toEqual([`open ${ORIGIN}/account/progress?log=weight`]);
  });
});

describe('renewPushSubscription: the push service replaced this device’s subscription', () => {
  const subscription = (endpoint: string, key: ArrayBuffer | null = null) => ({
    endpoint,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  });

  /** The shop as the worker meets it: the patient's devices, and each call made. */
  function shop({ signedIn = true, devices = [{ id: 'old-id', endpoint: 'https://push.example/old' }] } = {}) {
    const calls: string[] = [];
    const fetch: PushRenewal['fetch'] = async (path, init = {}) => {
      calls.push(`${init.method ?? 'GET'} ${path}${init.body ? ` ${JSON.parse(String(init.body)).endpoint}` : ''}`);
      if (!signedIn) return new Response(null, { status: 401 });
      if (path === '/shop-api/account/push') return Response.json({ available: true, publicKey: 'shop-key', devices });
      return new Response(null, { status: init.method === 'PUT' ? 201 : 204 });
    };
    return { calls, fetch };
  }

  it('records the browser’s new subscription and removes the ended one’s record', async () => {
    const { calls, fetch } = shop();
    const outcome = await renewPushSubscription({ old: subscription('https://push.example/old'), fresh: subscription('https://push.example/new'), subscribe: async () => subscription('unused'), fetch });
    expect(outcome).toBe('renewed');
    expect(calls).toEqual(['GET /shop-api/account/push', 'PUT /shop-api/account/push-subscriptions https://push.example/new', 'DELETE /shop-api/account/push-subscriptions/old-id']);
  });

  it('subscribes again itself when the browser made no new subscription, with the old key or else the shop’s', async () => {
    const keys: unknown[] = [];
    const subscribe = async (key: ArrayBuffer | string) => {
      keys.push(key);
      return subscription('https://push.example/again');
    };
    const oldKey = new ArrayBuffer(65);
    const first = shop();
    expect(await renewPushSubscription({ old: subscription('https://push.example/old', oldKey), fresh: null, subscribe, fetch: first.fetch })).toBe('renewed');
    expect(first.calls).toContain('PUT /shop-api/account/push-subscriptions https://push.example/again');
    // Chrome often names no old subscription: the shop's key, and no record to remove.
    const second = shop();
    expect(await renewPushSubscription({ old: null, fresh: null, subscribe, fetch: second.fetch })).toBe('renewed');
    expect(keys).toEqual([oldKey, 'shop-key']);
    expect(second.calls).toEqual(['GET /shop-api/account/push', 'PUT /shop-api/account/push-subscriptions https://push.example/again']);
  });

  it('records nothing when nobody is signed in on the device', async () => {
    const { calls, fetch } = shop({ signedIn: false });
    const outcome = await renewPushSubscription({ old: subscription('https://push.example/old'), fresh: subscription('https://push.example/new'), subscribe: async () => subscription('unused'), fetch });
    expect(outcome).toBe('not-recorded');
    expect(calls).toEqual(['GET /shop-api/account/push']);
  });
});
