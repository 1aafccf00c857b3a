import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** After a client-side navigation, focus moves to the element `mainId` (the page's main content), as a page load would. */
export function useFocusMainOnNavigate(mainId: string) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
