import type { ReactNode } from 'react';

export interface StaticPage {
  title: string;
  /** One line under the title saying what the page is for. */
  summary: string;
  body: ReactNode;
}
