import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderedPage } from './server-render';

/** Written by the web build (apps/web/entryPreloadsPlugin.ts): what each entry page asks for first. */
export const ENTRY_PRELOADS_FILE = 'entry-preloads.json';
const EMPTY_ROOT = '<div id="root"></div>';
/** The boot script's list of modules to fetch with the app's entry (written by apps/web/paintFirstPlugin.ts). */
const BOOT_MODULES = 'data-modules="';

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
 * index.html for one page, naming in its head the page's route code (the browser fetches it alongside the entry
 * script rather than after it) and, for a page the server rendered, holding that render in #root with its data
 * after it; for a page rendered in the browser alone, its first API calls too.
 */
export function pageHtmlFor(webRoot: string): (pathname: string, rendered?: RenderedPage | null) => string {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const pages = readJson<EntryPreload[]>(join(webRoot, ENTRY_PRELOADS_FILE)) ?? [];
  return (pathname, rendered = null) => {
    const page = rendered ? html.replace(EMPTY_ROOT, `<div id="root">${rendered.html}</div>${rendered.dataScript}`) : html;
    for (const preload of pages) {
      const params = matchPath(preload.path, pathname);
      if (!params) continue;
      const withLinks = page.replace('</head>', `${linksFor(preload, params, rendered !== null)}</head>`);
      // A rendered page is painted before the app's code is fetched (apps/web/public/boot.js): its route's code joins that.
      return rendered ? withLinks.replace(BOOT_MODULES, `${BOOT_MODULES}${preload.scripts.map(attribute).join(' ')} `) : withLinks;
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

function linksFor(page: EntryPreload, params: Map<string, string>, rendered: boolean): string {
  // A rendered page carries its data inline: asking for it again would only compete with the first paint.
  const fetches = rendered
    ? []
    : page.fetches.flatMap((template) => {
        let url = template;
        for (const [name, value] of params) {
          if (!url.includes(name)) continue;
          if (!PLAIN_SEGMENT.test(value)) return [];
          url = url.replaceAll(name, value);
        }
        return [url];
      });
  // crossorigin as the app's own requests: Vite loads modules and CSS anonymously, apiRequest sends cookies.
  // A rendered page must not paint without its styles; otherwise they wait for the page's code anyway.
  const style = rendered ? 'rel="stylesheet"' : 'rel="preload" as="style"';
  return [
    ...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(url)}">`),
    ...(rendered ? [] : page.scripts.map((url) => `<link rel="modulepreload" crossorigin href="${attribute(url)}">`)),
    ...page.styles.map((url) => `<link ${style} crossorigin href="${attribute(url)}">`),
  ].join('');
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
