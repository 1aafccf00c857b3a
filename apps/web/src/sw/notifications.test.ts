import { describe, expect, it } from 'vitest';
import { notificationFrom, openFromNotification, pathIn } from './notifications';

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
