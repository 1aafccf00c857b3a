import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cx } from './cx';
import './SafeHtml.css';

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];

let hooked = false;
function addLinkHook() {
  if (hooked) return;
  hooked = true;
  // A link that opens a new window must not hand it our window (reverse tabnabbing).
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element && node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Markup from the catalogue, stripped of scripts, event handlers, inline styles and forms. */
export function sanitizeHtml(html: string): string {
  addLinkHook();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

interface SafeHtmlProps {
  html: string;
  as?: 'div' | 'span';
  className?: string;
}

export function SafeHtml({ html, as: Element = 'div', className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Element className={cx('safe-html', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
