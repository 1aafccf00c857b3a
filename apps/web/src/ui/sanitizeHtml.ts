import DOMPurify, { type WindowLike } from 'dompurify';

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];

let purifier = DOMPurify;
let hooked = false;

/** Where there is no browser window (the server's render, entry-server.tsx): sanitise within this one. */
export function sanitizeWithin(window: WindowLike): void {
  purifier = DOMPurify(window);
  hooked = false;
}

function addLinkHook() {
  if (hooked) return;
  hooked = true;
  // A link that opens a new window must not hand it our window (reverse tabnabbing).
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // By name rather than `instanceof Element`: on the server the node belongs to another window.
    if (node.nodeName === 'A' && (node as Element).getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Markup from the catalogue, stripped of scripts, event handlers, inline styles and forms. */
export function sanitizeHtml(html: string): string {
  addLinkHook();
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}
