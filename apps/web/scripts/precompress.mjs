// After `vite build`: writes a .br and a .gz beside every text asset, so the server sends compressed
// files without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Not HTML: the page is about 1 KB, and @fastify/static sends a compressed index for '/' without its Content-Encoding.
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const root = new URL('../dist', import.meta.url).pathname;
let count = 0;
for (const path of files(root)) {
  if (!COMPRESSIBLE.test(path) || path.endsWith('.map')) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files (br, gz)`);
