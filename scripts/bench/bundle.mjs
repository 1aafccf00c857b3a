import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipKb } from './lib.mjs';

/**
 * JS loaded before first paint: the entry script and every module it preloads, as listed in the built
 * index.html (route chunks are lazy and come after the first paint).
 */
export function entryBundle(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1]);
  const files = [...new Set(srcs)].map((src) => ({ src, gzipKb: round(gzipKb(join(distDir, src))) }));
  return { files, totalGzipKb: round(files.reduce((sum, file) => sum + file.gzipKb, 0)) };
}

const round = (value) => Math.round(value * 10) / 10;
