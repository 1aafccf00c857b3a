import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the web build (apps/web/entryPreloadsPlugin.ts): what each entry page asks for first. */
export const ENTRY_PRELOADS_FILE = 'entry-preloads.json';
/** Written by the web build (apps/web/scripts/prerender.mjs): pages whose first render is known, by path. */
export const PRERENDERED_FILE = 'prerendered.json';
const EMPTY_ROOT = '<div id="root"></div>';

interface EntryPreload {
  /** ':name' matches one segment and stands for its value in `fetches`. */
  path: string;
  scripts: string[];
  styles: string[];
  fetches: string[];
}

/** Only values that URL-encoding leaves unchanged, so the address is the one the app itself asks for. */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * index.html for one page, naming in its head the page's route code and first API calls (the browser
 * fetches them alongside the entry script rather than one after another once the app has started) and,
 * for a pre-rendered page, holding its first render in #root so it shows before the scripts run.
 */
export function pageHtmlFor(webRoot: string): (pathname: string) => string {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const pages = readJson<EntryPreload[]>(join(webRoot, ENTRY_PRELOADS_FILE)) ?? [];
  const prerendered = new Map(Object.entries(readJson<Record<string, string>>(join(webRoot, PRERENDERED_FILE)) ?? {}));
  return (pathname) => {
    const body = prerendered.get(pathname);
    const page = html.replace(EMPTY_ROOT, body === undefined ? EMPTY_ROOT : `<div id="root">${body}</div>`);
    for (const preload of pages) {
      const params = matchPath(preload.path, pathname);
      if (params) return page.replace('</head>', `${linksFor(preload, params, body !== undefined)}</head>`);
    }
    return page;
  };
}

function readJson<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}

function matchPath(pattern: string, pathname: string): Map<string, string> | null {
  const wanted = segments(pattern);
  const actual = segments(pathname);
  if (wanted.length !== actual.length) return null;
  const params = new Map<string, string>();
  for (const [index, part] of wanted.entries()) {
    const value = actual[index]!;
    if (part.startsWith(':')) params.set(part, value);
    else if (part !== value) return null;
  }
  return params;
}

const segments = (path: string) => path.split('/').filter(Boolean);

function linksFor(page: EntryPreload, params: Map<string, string>, prerendered: boolean): string {
  const fetches = page.fetches.flatMap((template) => {
    let url = template;
    for (const [name, value] of params) {
      if (!url.includes(name)) continue;
      if (!PLAIN_SEGMENT.test(value)) return [];
      url = url.replaceAll(name, value);
    }
    return [url];
  });
  // crossorigin as the app's own requests: Vite loads modules and CSS anonymously, apiRequest sends cookies.
  // A pre-rendered page must not paint without its styles; otherwise they wait for the page's code anyway.
  const style = prerendered ? 'rel="stylesheet"' : 'rel="preload" as="style"';
  return [
    ...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(url)}">`),
    ...page.scripts.map((url) => `<link rel="modulepreload" crossorigin href="${attribute(url)}">`),
    ...page.styles.map((url) => `<link ${style} crossorigin href="${attribute(url)}">`),
  ].join('');
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
