/*
 * This device's side of app notifications: the browser's permission and its push subscription, made with the
 * shop's VAPID public key through the app's service worker.
 */

export type DeviceState = 'unsupported' | 'default' | 'granted' | 'denied';

export function deviceState(): DeviceState {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  return Notification.permission;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The app's service worker, once active (the account area registers it). */
async function worker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This device's push subscription address, or null when it has none. */
export async function thisDeviceEndpoint(): Promise<string | null> {
  if (deviceState() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
}

/**
 * Asks the browser's permission (only ever from the patient's own tap, after the explanation), then subscribes this
 * device. Answers the subscription to record, or the browser's refusal.
 */
export async function subscribeThisDevice(publicKey: string): Promise<{ subscription: PushSubscriptionJSON } | { refused: 'denied' | 'default' }> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { refused: permission };
  const registration = await worker();
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return { subscription: subscription.toJSON() };
}

/** Ends this device's subscription in the browser (the shop's record is removed by the caller). */
export async function unsubscribeThisDevice(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
