import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export const THEME_COLOUR = '#1f5c4a';
const PAGE_COLOUR = '#f6f4ef';
export const APP_START = '/account/home';

/**
 * The shop as an app on the home screen (issue 36): the web app manifest, and the service worker in src/sw/sw.ts
 * with the build's file list put in it by Workbox. The worker is registered by the account area only
 * (features/offline), never by an entry page, so no entry page fetches more script for it.
 */
export function installableApp(brand: string): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      id: APP_START,
      name: brand,
      short_name: brand.split(' ')[0],
      description: `${brand}: your treatment, tasks and progress with the clinic.`,
      lang: 'en-GB',
      start_url: APP_START,
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: PAGE_COLOUR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Log weight', url: '/account/progress?log=weight', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        { name: 'My tasks', url: '/account/health-actions', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
      ],
    },
    injectManifest: {
      // The app shell: the page, the boot script, every script and style and the fonts, so the account opens
      // offline. Pictures are left to the network (the product photos alone are several megabytes).
      globPatterns: ['index.html', 'boot.js', 'assets/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}
