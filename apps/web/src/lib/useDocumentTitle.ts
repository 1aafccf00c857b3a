import { useEffect } from 'react';
import { BRAND_NAME } from './config';

/** 'Wegovy | Elmwood Health'; the brand alone when the page has no title of its own. */
export function documentTitle(title?: string | null): string {
  return title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
}

export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
