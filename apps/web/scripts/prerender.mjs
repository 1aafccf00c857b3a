// After `vite build`: renders the entry pages of PRERENDERED_PATHS (src/prerender.tsx) to HTML, written to
// dist/prerendered.json for the server to send inside #root.
import { rm, writeFile } from 'node:fs/promises';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const outDir = new URL('../dist-prerender', import.meta.url).pathname;
await build({ root, logLevel: 'warn', build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, sourcemap: false } });
const { prerender, PRERENDERED_PATHS } = await import(`${outDir}/prerender.js`);
const pages = {};
for (const path of PRERENDERED_PATHS) pages[path] = await prerender(path);
await writeFile(new URL('../dist/prerendered.json', import.meta.url), `${JSON.stringify(pages, null, 2)}\n`);
await rm(outDir, { recursive: true, force: true });
console.log(`pre-rendered ${PRERENDERED_PATHS.length} pages`);
