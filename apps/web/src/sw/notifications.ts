/*
 * App notifications in the service worker: what a push message shows, and the page a tap on it opens. Kept apart from
 * sw.ts so the rules can be tried without a browser's worker.
 */

export interface ShownNotification {
  title: string;
  body: string;
  /** A path in the shop. */
  url: string;
  /** One notification per message: a repeat replaces it. */
  tag: string;
}

const FALLBACK: ShownNotification = { title: 'A message from the clinic', body: 'Open the app to read it.', url: '/account/home', tag: 'elmwood' };

/** Only a path in this shop is ever opened: anything else opens the account home. */
export function pathIn(origin: string, url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return FALLBACK.url;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? `${resolved.pathname}${resolved.search}` : FALLBACK.url;
}

/** The message the shop sent ({title, body, url, tag}); one that cannot be read still shows, with words of our own. */
export function notificationFrom(data: { json(): unknown } | null | undefined, origin: string): ShownNotification {
  let sent: Partial<Record<keyof ShownNotification, unknown>> = {};
  try {
    sent = (data?.json() as typeof sent | null) ?? {};
  } catch {
    // Not JSON: the fallback words.
  }
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.slice(0, 200) : fallback);
  return { title: text(sent.title, FALLBACK.title), body: text(sent.body, FALLBACK.body), url: pathIn(origin, sent.url), tag: text(sent.tag, FALLBACK.tag) };
}

type WindowLike = Pick<WindowClient, 'url' | 'focus' | 'navigate'>;
interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A tap on a notification: the app's window already on that page comes to the front; else an open window of the app
 * goes to the page; else the page opens in a new window (the installed app, where there is one).
 */
export async function openFromNotification(clients: ClientsLike, origin: string, path: string): Promise<void> {
  const url = new URL(path, origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((window) => new URL(window.url).origin === origin);
  const onPage = windows.find((window) => window.url === url);
  if (onPage) {
    await onPage.focus();
    return;
  }
  for (const window of windows) {
    try {
      const moved = await window.navigate(url);
      await (moved ?? window).focus();
      return;
    } catch {
      // A window this worker does not control cannot be moved: try the next, or open one.
    }
  }
  await clients.openWindow(url);
}

interface SubscriptionLike {
  endpoint: string;
  toJSON(): PushSubscriptionJSON;
  options?: { applicationServerKey: ArrayBuffer | null };
}

export interface PushRenewal {
  /** The subscription the browser ended, when it says (Chrome often does not). */
  old: SubscriptionLike | null;
  /** The one it made in its place, when it made one. */
  fresh: SubscriptionLike | null;
  /** Subscribes again with the shop's key, when the browser made no new subscription itself. */
  subscribe(applicationServerKey: ArrayBuffer | string): Promise<SubscriptionLike>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export type RenewalOutcome = 'renewed' | 'not-recorded' | 'nothing-to-renew';

/**
 * The browser replaced this device's push subscription (its push service moved the address or the keys): the new one
 * is recorded with the shop in place of the old, so app notifications carry on without the patient doing anything.
 * Signed out (or the shop refusing it), nothing is recorded: the old record goes when the push service answers 410.
 */
export async function renewPushSubscription({ old, fresh, subscribe, fetch }: PushRenewal): Promise<RenewalOutcome> {
  const settings = await fetch('/shop-api/account/push', { credentials: 'same-origin' });
  if (!settings.ok) return 'not-recorded';
  const { publicKey, devices } = (await settings.json()) as { publicKey: string | null; devices: { id: string; endpoint: string }[] };
  // The key the ended subscription was made with, else the shop's (a base64url string, as PushManager takes it).
  const key = old?.options?.applicationServerKey ?? publicKey;
  const subscription = fresh ?? (key ? await subscribe(key) : null);
  if (!subscription) return 'nothing-to-renew';
  const recorded = await fetch('/shop-api/account/push-subscriptions', {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!recorded.ok) return 'not-recorded';
  const ended = old && old.endpoint !== subscription.endpoint ? devices.find((device) => device.endpoint === old.endpoint) : undefined;
  if (ended) await fetch(`/shop-api/account/push-subscriptions/${encodeURIComponent(ended.id)}`, { method: 'DELETE', credentials: 'same-origin' });
  return 'renewed';
}
