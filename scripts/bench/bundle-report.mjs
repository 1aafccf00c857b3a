import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appEntryScripts } from './bundle.mjs';

/**
 * What a page's scripts are made of: each built chunk's bytes attributed to the source modules its source map
 * names, grouped by npm package (or app feature), in gzip KB. A module's share of a chunk's gzip size is its share of
 * the chunk's minified bytes (gzip compresses a chunk as a whole, so that is the fairest split there is).
 */
export function bundleReport(distDir, scriptPaths) {
  const groups = new Map();
  let total = 0;
  for (const path of new Set(scriptPaths)) {
    const chunk = chunkModules(distDir, path);
    total += chunk.gzipKb;
    for (const [source, kb] of chunk.modules) {
      const group = groupOf(source);
      groups.set(group, (groups.get(group) ?? 0) + kb);
    }
  }
  return {
    totalGzipKb: round(total),
    groups: [...groups].sort((a, b) => b[1] - a[1]).map(([name, gzipKb]) => ({ name, gzipKb: round(gzipKb) })),
  };
}

/**
 * The scripts a first visit to each entry page fetches as the server names them, without running the page: the entry
 * (the boot script, the entry and its modules: appEntryScripts) and the page's own chunks (entry-preloads.json). Lazy imports that the page
 * makes as it renders are not in it: the Lighthouse list in `npm run bench` has those.
 */
export function entryPageScripts(distDir) {
  const entry = appEntryScripts(distDir);
  const pages = JSON.parse(readFileSync(join(distDir, 'entry-preloads.json'), 'utf8'));
  return [{ path: '(entry)', scripts: entry }, ...pages.map((page) => ({ path: page.path, scripts: [...entry, ...page.scripts] }))];
}

const chunks = new Map();

/** A chunk's gzip size and each source module's share of it. */
function chunkModules(distDir, path) {
  const file = join(distDir, path.replace(/^\//, ''));
  const key = file;
  if (chunks.has(key)) return chunks.get(key);
  const code = readFileSync(file, 'utf8');
  const gzipKb = gzipSync(code, { level: 9 }).length / 1024;
  const bytes = existsSync(`${file}.map`) ? bytesPerSource(code, JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : new Map();
  const mapped = [...bytes.values()].reduce((sum, n) => sum + n, 0);
  // What no mapping covers (the bundler's own glue, whitespace) is counted apart.
  bytes.set('(unmapped)', Math.max(0, code.length - mapped));
  const modules = new Map([...bytes].map(([source, n]) => [source, (gzipKb * n) / code.length]));
  const result = { gzipKb, modules };
  chunks.set(key, result);
  return result;
}

/** Minified characters per source: each mapping segment runs to the next one on its line (or the line's end). */
function bytesPerSource(code, map) {
  const lines = code.split('\n');
  const bytes = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    const segments = line === '' ? [] : line.split(',').map(decodeVlq);
    segments.forEach((segment, i) => {
      column += segment[0];
      if (segment.length > 1) source += segment[1];
      const next = i + 1 < segments.length ? column + segments[i + 1][0] : (lines[lineIndex]?.length ?? column);
      if (segment.length > 1) {
        const name = map.sources[source];
        bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, next - column));
      }
    });
    // Source-index deltas carry over lines; the generated column restarts on each line.
  });
  return bytes;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source-map segment: its base64 VLQ fields as numbers (relative values, as the format stores them). */
function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** `react-dom`, `@tanstack/query-core`, `app: features/quiz`, `domain`, … */
export function groupOf(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = source.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const domain = source.match(/packages\/domain\/src\/([^/]+)/);
  if (domain) return `domain: ${domain[1].replace(/\.ts$/, '')}`;
  // Sources are named relative to the chunk: `../../src/…` is apps/web/src when dist is apps/web/dist.
  const app = source.match(/(?:^(?:\.\.\/)+|\/apps\/web\/)src\/((?:features|app|lib|ui)\/[^/]+|[^/]+$)/);
  if (app) return `app: ${app[1]}`;
  return source;
}

const round = (value) => Math.round(value * 10) / 10;

// `node scripts/bench/bundle-report.mjs [distDir]`: each entry page's scripts as the server names them, by package.
if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = process.argv[2] ?? 'apps/web/dist';
  for (const page of entryPageScripts(distDir)) printReport(page.path, bundleReport(distDir, page.scripts));
}

export function printReport(title, report, top = 14) {
  console.log(`${title}  ${report.totalGzipKb} KB gzip`);
  for (const group of report.groups.slice(0, top)) console.log(`  ${group.gzipKb.toFixed(1).padStart(6)}  ${group.name}`);
}
