import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { entryPreloads } from './entryPreloadsPlugin.ts';
import { installableApp } from './installableAppPlugin.ts';
import { paintFirst } from './paintFirstPlugin.ts';
import { pureTopLevelCalls } from './pureDomainPlugin.ts';

const DEFAULT_BRAND_NAME = 'Elmwood Health';
const DOMAIN_MODULE = /[\\/]packages[\\/]domain[\\/]/;
const FEATURE_INDEX = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/** index.html says the brand through %BRAND_NAME%, so an operator rebrands with VITE_BRAND_NAME alone. */
function brandName(name: string): Plugin {
  const escaped = name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    name: 'elmwood-brand-name',
    transformIndexHtml: (html) => html.replaceAll('%BRAND_NAME%', escaped),
  };
}

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const brand = env.VITE_BRAND_NAME?.trim() || DEFAULT_BRAND_NAME;
  return {
    plugins: [
      react(),
      brandName(brand),
      // The browser build only: the server's render has no service worker, and neither do the unit tests.
      command === 'build' && !isSsrBuild ? installableApp(brand) : [],
      entryPreloads(),
      paintFirst(),
      pureTopLevelCalls(DOMAIN_MODULE),
    ],
    server: {
      port: 5173,
      proxy: { '/shop-api': 'http://127.0.0.1:3000' },
    },
    build: {
      target: 'es2022',
      sourcemap: true,
      // The server entry (src/entry-server.tsx) renders pages; the files in public/ are the browser build's to serve.
      copyPublicDir: !isSsrBuild,
      rollupOptions: {
        // Hash-only names: every lazy import's preload list is in the entry chunk, and readable names there cost
        // every page about 1.4 KB gzip. The source maps still name each chunk's modules.
        output: {
          chunkFileNames: 'assets/[hash].js',
          assetFileNames: 'assets/[hash][extname]',
          // Everything the entry imports (React, the router, the query cache, the app's frame) in the entry chunk
          // itself. Left to the automatic split, it became six chunks, by which lazy pages use each part too: every
          // page loaded all six, and their import and export glue cost each page about 2.5 KB gzip.
          codeSplitting: isSsrBuild ? undefined : { groups: [{ name: 'index', tags: ['$initial'] }] },
        },
        treeshake: {
          // The domain package is pure rules with no I/O (ARCHITECTURE.md), and building a zod schema has no
          // side effects: so a page that only formats a price does not carry the schema library. A feature's
          // index.ts only re-exports: so a hook taken from it does not bring the feature's pages along (the
          // recommendations page would otherwise load the whole quiz page to read the consultation).
          moduleSideEffects: (id: string) => !DOMAIN_MODULE.test(id) && !FEATURE_INDEX.test(id),
          manualPureFunctions: ['z'],
        },
      },
    },
  };
});
