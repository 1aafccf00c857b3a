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

/** Marks a server-rendered element whose markup was sanitised, so the browser loads the sanitiser before hydrating. */
export const SANITISED_ATTRIBUTE = 'data-sanitised';

/** Whether this server-rendered page shows sanitised markup, which its first (hydrating) render must match. */
export const pageShowsSanitisedMarkup = (document: Document) => document.querySelector(`[${SANITISED_ATTRIBUTE}]`) !== null;

interface SafeHtmlProps {
  html: string;
  as?: 'div' | 'span';
  className?: string;
}

/** Markup from the catalogue or a questionnaire, shown once sanitised (see sanitizeHtml.ts); plain text at once. */
export function SafeHtml({ html, as: Element = 'div', className }: SafeHtmlProps) {
  const hasMarkup = MARKUP.test(html);
  const [loaded, setLoaded] = useState<Sanitizer | null>(sanitizer);
  useEffect(() => {
    if (!hasMarkup || loaded) return;
    let current = true;
    loadSanitizer().then(
      (module) => current && setLoaded(module),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [hasMarkup, loaded]);
  const clean = useMemo(() => (hasMarkup && loaded ? loaded.sanitizeHtml(html) : ''), [hasMarkup, loaded, html]);
  if (!hasMarkup) return <Element className={cx('safe-html', className)}>{html}</Element>;
  return <Element className={cx('safe-html', className)} {...{ [SANITISED_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
