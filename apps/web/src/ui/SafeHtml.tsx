import { useEffect, useMemo, useState } from 'react';
import { cx } from './cx';
import type * as SanitizerModule from './sanitizeHtml';
import './SafeHtml.css';

type Sanitizer = typeof SanitizerModule;

/** Text with neither a tag nor an entity reads the same as text as it does as markup: it needs no sanitiser. */
const MARKUP = /[<&]/;

let sanitizer: Sanitizer | null = null;
let loading: Promise<Sanitizer> | null = null;

/**
 * The sanitiser, fetched the first time some markup is shown: most questions of a consultation are plain text, and the
 * sanitiser weighs as much as a page's own code. A page whose first screen shows markup may ask for it early.
 */
export function loadSanitizer(): Promise<Sanitizer> {
  loading ??= import('./sanitizeHtml').then(
    (module) => (sanitizer = module),
    (error: unknown) => {
      // Asked again, it tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Markup the server's render sanitised, each with its sanitised form. The server sends it with the page, so the
 * browser hydrates the same markup without downloading the sanitiser (it is as big as a page's own code); markup
 * the server did not render is sanitised in the browser.
 */
const sanitisedByServer = new Map<string, string>();
let collecting: Map<string, string> | null = null;

/** In the browser, before hydrating: what the server's page was rendered with. */
export function adoptServerSanitised(sanitised: Record<string, string>): void {
  for (const [html, clean] of Object.entries(sanitised)) sanitisedByServer.set(html, clean);
}

/** On the server: a page's render, and every markup it sanitised, to send with the page. */
export function renderCollectingSanitised(render: () => string): { html: string; sanitised: Record<string, string> } {
  const collected = new Map<string, string>();
  collecting = collected;
  try {
    return { html: render(), sanitised: Object.fromEntries(collected) };
  } finally {
    collecting = null;
  }
}

/**
 * For a page that will show markup: the sanitiser fetched early, unless the server rendered this page and sent its
 * markup sanitised (then only markup shown later, on another page, needs it, and it is fetched then).
 */
export function prefetchSanitizer(): void {
  if (sanitisedByServer.size === 0) loadSanitizer().catch(() => {});
}

function sanitise(module: Sanitizer, html: string): string {
  const clean = module.sanitizeHtml(html);
  collecting?.set(html, clean);
  return clean;
}

interface SafeHtmlProps {
  html: string;
  as?: 'div' | 'span';
  className?: string;
}

/** Markup from the catalogue or a questionnaire, shown once sanitised (see sanitizeHtml.ts); plain text at once. */
export function SafeHtml({ html, as: Element = 'div', className }: SafeHtmlProps) {
  const hasMarkup = MARKUP.test(html);
  const fromServer = sanitisedByServer.get(html);
  const [loaded, setLoaded] = useState<Sanitizer | null>(sanitizer);
  useEffect(() => {
    if (!hasMarkup || loaded || fromServer !== undefined) return;
    let current = true;
    loadSanitizer().then(
      (module) => current && setLoaded(module),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [hasMarkup, loaded, fromServer]);
  const clean = useMemo(() => (!hasMarkup ? '' : (fromServer ?? (loaded ? sanitise(loaded, html) : ''))), [hasMarkup, fromServer, loaded, html]);
  if (!hasMarkup) return <Element className={cx('safe-html', className)}>{html}</Element>;
  return <Element className={cx('safe-html', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
