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
  const inline = stylesheetInliner(webRoot);
  // The same for every visitor to an entry page: made once.
  const renderedShells = new Map<EntryPreload | undefined, string>();
  const renderedShell = (page: EntryPreload | undefined) => {
    let shell = renderedShells.get(page);
    if (shell === undefined) {
      shell = inline(page ? html.replace('</head>', `${page.styles.map(stylesheetLink).join('')}</head>`) : html);
      // A rendered page is painted before the app's code is fetched (apps/web/public/boot.js), so the boot script
      // need not compete with the page for the connection; its route's code joins the app's.
      shell = shell.replace(BOOT_SCRIPT, () => RENDERED_BOOT_SCRIPT);
      if (page) shell = shell.replace(BOOT_MODULES, `${BOOT_MODULES}${page.scripts.map(attribute).join(' ')} `);
      renderedShells.set(page, shell);
    }
    return shell;
  };
  return (pathname, rendered = null) => {
    const entry = entryPageFor(pages, pathname);
    if (rendered) {
      const shell = renderedShell(entry?.page).replace(EMPTY_ROOT, () => `<div id="root">${rendered.html}</div>${rendered.dataScript}`);
      const image = leadImageOf(rendered.html);
      return image ? shell.replace(RENDERED_BOOT_SCRIPT, () => `${imagePreload(image)}${RENDERED_BOOT_SCRIPT}`) : shell;
    }
    return entry ? html.replace('</head>', `${linksFor(entry.page, entry.params)}</head>`) : html;
  };
}

function entryPageFor(pages: EntryPreload[], pathname: string): { page: EntryPreload; params: Map<string, string> } | null {
  for (const page of pages) {
    const params = matchPath(page.path, pathname);
    if (params) return { page, params };
  }
  return null;
}

const BOOT_SCRIPT = '<script type="module" src="/boot.js"';
const RENDERED_BOOT_SCRIPT = '<script type="module" fetchpriority="low" src="/boot.js"';
/** The image a page marks as its most important (its largest picture, first on the screen). */
const LEAD_IMAGE = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i;
const SOURCE = /\bsrc="(\/[^"]*)"/;

function leadImageOf(html: string): string | null {
  const tag = LEAD_IMAGE.exec(html)?.[0];
  return tag && !/\bsrcset=/i.test(tag) ? (SOURCE.exec(tag)?.[1] ?? null) : null;
}

/**
 * Asked for from the page's first bytes: in the body, the picture would wait for the parser to pass the inlined
 * styles before the browser saw it.
 */
const imagePreload = (src: string) => `<link rel="preload" as="image" fetchpriority="high" href="${src}">`;

/** As Vite writes a stylesheet into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
const stylesheetLink = (href: string) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`;

/**
 * A rendered page's stylesheets, written into the page itself: the page paints with its HTML, not a round trip
 * later. Each keeps its link, disabled (never fetched), because the app's module loader takes a stylesheet linked in
 * the page as already there; without it the loader would fetch every inlined sheet again once the app starts.
 */
function stylesheetInliner(webRoot: string): (page: string) => string {
  const sheets = new Map<string, string | null>();
  const read = (href: string) => {
    if (!sheets.has(href)) {
      const path = join(webRoot, href);
      const css = existsSync(path) ? readFileSync(path, 'utf8') : null;
      sheets.set(href, css !== null && !css.toLowerCase().includes('</style') ? css : null);
    }
    return sheets.get(href) ?? null;
  };
  return (page) =>
    page.replace(STYLESHEET_LINK, (link, href: string) => {
      const css = read(href);
      return css === null ? link : `<link rel="stylesheet" href="${href}" disabled><style>${css}</style>`;
    });
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

/** For a page the browser renders: its first API calls, its route's code and styles, fetched alongside the entry. */
function linksFor(page: EntryPreload, params: Map<string, string>): string {
  const fetches = page.fetches.flatMap((template) => {
        let url = template;
        for (const [name, value] of params) {
          if (!url.includes(name)) continue;
          if (!PLAIN_SEGMENT.test(value)) return [];
          url = url.replaceAll(name, value);
        }
        return [url];
      });
  // crossorigin as the app's own requests: Vite loads modules and CSS anonymously, apiRequest sends cookies. The
  // styles only preload: the page's code, which they wait for anyway, links them.
  return [
    ...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(url)}">`),
    ...page.scripts.map((url) => `<link rel="modulepreload" crossorigin href="${attribute(url)}">`),
    ...page.styles.map((url) => `<link rel="preload" as="style" crossorigin href="${attribute(url)}">`),
  ].join('');
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
