// Bundles the API into dist/main.js and the job worker into dist/worker.js: our workspace packages are bundled in, every npm package stays
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
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
