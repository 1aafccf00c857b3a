import { readdirSync, readFileSync } from 'node:fs';
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

const STATIC_IMPORT = /(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

/** A chunk and every chunk it imports statically, as the browser fetches them. */
function staticClosure(assetsDir, start, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(join(assetsDir, start), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) staticClosure(assetsDir, match[1], seen);
  return seen;
}

/**
 * JS a lazily loaded page needs on a first visit: the entry bundle, the page's chunk and what it imports
 * statically; and, apart, what one of its own lazy imports (`lazyPrefix`, e.g. the charts) adds on top.
 */
export function lazyRouteBundle(distDir, routePrefix, lazyPrefix) {
  const assetsDir = join(distDir, 'assets');
  const entry = entryBundle(distDir);
  const loaded = new Set(entry.files.map((file) => file.src.replace(/^\/assets\//, '')));
  const route = readdirSync(assetsDir).find((name) => name.startsWith(`${routePrefix}-`) && name.endsWith('.js'));
  if (!route) throw new Error(`No ${routePrefix} chunk in ${assetsDir}`);
  const page = [...staticClosure(assetsDir, route)].filter((name) => !loaded.has(name));
  const pageSet = new Set([...loaded, ...page]);
  const lazy = [...pageSet]
    .flatMap((name) => [...readFileSync(join(assetsDir, name), 'utf8').matchAll(DYNAMIC_IMPORT)].map((match) => match[1]))
    .find((name) => name.startsWith(`${lazyPrefix}-`));
  if (!lazy) throw new Error(`${routePrefix} does not load a ${lazyPrefix} chunk lazily`);
  const extra = [...staticClosure(assetsDir, lazy)].filter((name) => !pageSet.has(name));
  const size = (names) => round(names.reduce((sum, name) => sum + gzipKb(join(assetsDir, name)), 0));
  const withoutLazy = round(entry.totalGzipKb + size(page));
  return {
    route,
    withoutLazyGzipKb: withoutLazy,
    lazyChunks: extra,
    lazyGzipKb: size(extra),
    withLazyGzipKb: round(withoutLazy + size(extra)),
  };
}
