/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ACCOUNT_DATA_CACHE, NEVER_KEPT_API, OUTBOX_DATABASE, SESSION_CHANGES } from '../lib/device-stores';
import { notificationFrom, openFromNotification, renewPushSubscription } from './notifications';

declare const self: ServiceWorkerGlobalScope;

// The app shell (the page, the boot script, scripts, styles, fonts), listed by the build. Only by its own name: '/'
// is the home page the server renders, never the shell from the cache.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
void self.skipWaiting();
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/**
 * Pages always come from the network: the entry pages are rendered per visitor (docs/decisions/0005) and are never
 * kept. Offline, any address opens the app shell, which renders the page in the browser.
 */
registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw error;
    }
  }),
);

const isKeptRead = (url: URL, request: Request) =>
  request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/shop-api/') && !NEVER_KEPT_API.some((path) => url.pathname.startsWith(path));

/** Pages whose reads are kept: the account, and a consultation's steps (answered in the app with a weak signal). */
const KEPT_PAGES = /^\/(account(\/|$)|n\/[a-z0-9-]+\/quiz(\/|$))/;

/** Whether the read was made by an account or consultation page (the shop's other pages are the network's alone). */
async function byAccountPage(event: ExtendableEvent): Promise<boolean> {
  const clientId = (event as FetchEvent).clientId;
  const client = clientId ? await self.clients.get(clientId) : undefined;
  return client !== undefined && KEPT_PAGES.test(new URL(client.url).pathname);
}

/**
 * The account's reads: from the network, each good reply to an account page kept as the last seen; offline, the last
 * seen. Only one account's replies are ever kept: a 401 or a session that starts or ends empties the store.
 */
/**
 * Bumped when a session starts or ends: a read that was under way then (or, after a logout, any read until the next
 * sign-in) is never kept, so a reply that lands after the logout cannot bring the last account's data back.
 */
let session = { generation: 0, signedOut: false };

registerRoute(
  ({ url, request }) => isKeptRead(url, request),
  async ({ request, event }) => {
    try {
      const started = session.generation;
      const reply = await fetch(request);
      const keep = reply.ok && started === session.generation && !session.signedOut;
      if (reply.status === 401) await caches.delete(ACCOUNT_DATA_CACHE);
      else if (keep && (await byAccountPage(event))) await (await caches.open(ACCOUNT_DATA_CACHE)).put(request, reply.clone());
      return reply;
    } catch (error) {
      const kept = await caches.match(request, { cacheName: ACCOUNT_DATA_CACHE });
      if (kept) return kept;
      throw error;
    }
  },
);

function forgetAccountData(): Promise<unknown> {
  return caches.delete(ACCOUNT_DATA_CACHE);
}

/** Health data on the device goes at logout (as the consultation's answers do): the last-seen replies and the outbox. */
function forgetEverythingOnDevice(): Promise<unknown> {
  return Promise.all([
    forgetAccountData(),
    new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(OUTBOX_DATABASE);
      request.onsuccess = request.onerror = request.onblocked = () => resolve(undefined);
    }),
  ]);
}

/**
 * Logging out ends app notifications on this device: its record with the shop goes while the session still lets it,
 * then the browser's subscription. The next account signed in here must turn them on for itself.
 */
async function forgetPushSubscription(): Promise<void> {
  const subscription = await self.registration.pushManager?.getSubscription().catch(() => null);
  if (!subscription) return;
  try {
    const settings = await fetch('/shop-api/account/push', { credentials: 'same-origin' });
    const devices = settings.ok ? ((await settings.json()) as { devices: { id: string; endpoint: string }[] }).devices : [];
    const here = devices.find((device) => device.endpoint === subscription.endpoint);
    if (here) await fetch(`/shop-api/account/push-subscriptions/${here.id}`, { method: 'DELETE', credentials: 'same-origin' });
  } catch {
    // Offline: the push service will answer 410 for the subscription ended below, and the shop then removes it.
  }
  await subscription.unsubscribe().catch(() => false);
}

registerRoute(
  ({ url, request }) => request.method === 'POST' && url.origin === self.location.origin && SESSION_CHANGES.includes(url.pathname),
  async ({ url, request }) => {
    const logout = url.pathname === '/shop-api/logout';
    if (logout) await forgetPushSubscription();
    session = { generation: session.generation + 1, signedOut: session.signedOut };
    const reply = await fetch(request);
    if (reply.ok) {
      session = { generation: session.generation + 1, signedOut: logout };
      await (logout ? forgetEverythingOnDevice() : forgetAccountData());
    }
    return reply;
  },
  'POST',
);

/** An app notification (a reminder): shown with the shop's words, which carry no health detail. */
self.addEventListener('push', (event) => {
  const shown = notificationFrom(event.data, self.location.origin);
  event.waitUntil(
    self.registration.showNotification(shown.title, { body: shown.body, tag: shown.tag, icon: '/icons/icon-192.png', badge: '/icons/maskable-192.png', data: { url: shown.url } }),
  );
});

/** A tap opens the page the message is about, in the app's window if one is open. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openFromNotification(self.clients, self.location.origin, typeof url === 'string' ? url : '/account/home'));
});

/** A call to the shop with the patient's session, renewed once if its access token has run out (as the pages do). */
async function withSession(path: string, init: RequestInit = {}): Promise<Response> {
  const first = await fetch(path, init);
  if (first.status !== 401) return first;
  const refreshed = await fetch('/shop-api/token/refresh', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  return refreshed.ok ? fetch(path, init) : first;
}

/** The push service replaced this device's subscription: the shop records the new one, so reminders keep arriving. */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    renewPushSubscription({
      old: event.oldSubscription,
      fresh: event.newSubscription,
      subscribe: (applicationServerKey) => self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
      fetch: withSession,
    }).catch(() => 'not-recorded'),
  );
});
