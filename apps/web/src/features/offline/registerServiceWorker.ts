/**
 * Registers the app's service worker (src/sw/sw.ts) once the page has loaded and the browser is idle, so it never
 * competes with the page. Only the account area calls it: no entry page fetches more script for the app.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
