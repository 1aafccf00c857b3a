// Bundles the API into dist/main.js and the job worker into dist/worker.js (with the chunks they share): our workspace packages are bundled in, every npm package stays
// external (PGlite, for one, loads its WebAssembly from beside its own files), and migrations are copied.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { externalNpmPackages } from './esbuild-plugins.mjs';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Each process's entry only starts tracing, then imports the rest: split out, the rest (and the npm packages it
  // imports) loads after tracing has hooked http and pg. Chunks sit beside the entries, so paths from import.meta.url hold.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
