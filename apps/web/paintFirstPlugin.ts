import type { Plugin } from 'vite';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** Where the API adds a page's own route modules (apps/api/src/lib/page-html.ts). */
export const BOOT_MODULES_ATTRIBUTE = 'data-modules';

/**
 * The built index.html starts the app through public/boot.js instead of naming the entry script and its modules
 * itself, so that on a server-rendered page they are fetched after the first paint rather than competing with it.
 */
export function paintFirst(): Plugin {
  return {
    name: 'elmwood-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('paint first: index.html has no entry script');
        const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
        return html
          .replace(MODULE_PRELOAD, '')
          .replace(ENTRY_SCRIPT, `<script type="module" src="/boot.js" data-entry="${entry}" ${BOOT_MODULES_ATTRIBUTE}="${modules.join(' ')}"></script>`);
      },
    },
  };
}
