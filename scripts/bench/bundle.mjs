import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipKb } from './lib.mjs';

/**
 * The scripts index.html starts the app with: the boot script, the entry it imports and the modules it preloads (named
 * in the boot tag's data-entry and data-modules, apps/web/paintFirstPlugin.ts).
 */
export function appEntryScripts(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const boot = /<script[^>]+src="([^"]+\.js)"[^>]*data-entry="([^"]+)"[^>]*data-modules="([^"]*)"/.exec(html);
  if (!boot) throw new Error('index.html has no boot script naming the entry');
  return [boot[1], boot[2], ...boot[3].split(' ').filter(Boolean)];
}

/** JS a first visit runs before any page's own code: the boot script, the entry and the modules it preloads. */
export function entryBundle(distDir) {
  const files = [...new Set(appEntryScripts(distDir))].map((src) => ({ src, gzipKb: round(gzipKb(join(distDir, src))) }));
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

/** The chunk whose source map names `source` (chunk files are named by hash alone, apps/web/vite.config.ts). */
function chunkHolding(assetsDir, names, source) {
  return names.find((name) => {
    if (!name.endsWith('.js')) return false;
    try {
      return JSON.parse(readFileSync(join(assetsDir, `${name}.map`), 'utf8')).sources.some((path) => path.endsWith(source));
    } catch {
      return false;
    }
  });
}

/**
 * JS a lazily loaded page needs on a first visit: the entry bundle, the chunk holding the page's module
 * (`routeSource`, e.g. features/weight/routes/ProgressRoute.tsx) and what it imports statically; and, apart, what
 * one of its own lazy imports (the chunk holding `lazySource`, e.g. the charts) adds on top.
 */
export function lazyRouteBundle(distDir, routeSource, lazySource) {
  const assetsDir = join(distDir, 'assets');
  const entry = entryBundle(distDir);
  // The boot script sits beside index.html, not among the built chunks.
  const loaded = new Set(entry.files.filter((file) => file.src.startsWith('/assets/')).map((file) => file.src.replace(/^\/assets\//, '')));
  const route = chunkHolding(assetsDir, readdirSync(assetsDir), routeSource);
  if (!route) throw new Error(`No chunk in ${assetsDir} holds ${routeSource}`);
  const page = [...staticClosure(assetsDir, route)].filter((name) => !loaded.has(name));
  const pageSet = new Set([...loaded, ...page]);
  const lazilyImported = [...pageSet].flatMap((name) => [...readFileSync(join(assetsDir, name), 'utf8').matchAll(DYNAMIC_IMPORT)].map((match) => match[1]));
  const lazy = chunkHolding(assetsDir, lazilyImported, lazySource);
  if (!lazy) throw new Error(`${routeSource} does not load ${lazySource} lazily`);
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
