import { createContext, use } from 'react';
import type { Location } from 'react-router';

/** Where the browser is going while the next page's code loads; null when no navigation is pending. */
export const PendingNavigationContext = createContext<Location | null>(null);

export function usePendingNavigation(): Location | null {
  return use(PendingNavigationContext);
}
