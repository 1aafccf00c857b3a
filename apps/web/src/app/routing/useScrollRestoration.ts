import { useEffect, useLayoutEffect } from 'react';
import { useLocation, type Location } from 'react-router';

/** Where React Router's ScrollRestoration kept them, so positions saved before this code shipped still apply. */
const STORAGE_KEY = 'react-router-scroll-positions';

let positions: Record<string, number> | null = null;
let shownKey: string | null = null;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

function rememberPosition() {
  if (shownKey !== null) savedPositions()[shownKey] = window.scrollY;
}

function keepPositions() {
  rememberPosition();
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
  } catch {
    // Storage full or blocked: positions are then kept for this page's life only.
  }
  window.history.scrollRestoration = 'auto';
}

function scrollToHash(hash: string): boolean {
  try {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView();
    return target !== null;
  } catch {
    return false;
  }
}

/**
 * Scroll positions remembered per history entry (named by `getKey`) and kept in session storage, so they survive a
 * reload: an entry returned to opens where it was left, a new one at its #hash target or the top. The position is
 * noted as the page scrolls, so it is known before the next page replaces it.
 */
export function useScrollRestoration(getKey: (location: Location) => string) {
  const location = useLocation();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', rememberPosition, { passive: true });
    window.addEventListener('pagehide', keepPositions);
    return () => {
      window.removeEventListener('scroll', rememberPosition);
      window.removeEventListener('pagehide', keepPositions);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shownKey = getKey(location);
    const saved = savedPositions()[shownKey];
    if (typeof saved === 'number') window.scrollTo(0, saved);
    else if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  }, [location, getKey]);
}
