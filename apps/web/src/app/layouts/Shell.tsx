import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { CheckoutHeader, isCheckoutJourney } from './CheckoutHeader';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import './layout.css';

export const MAIN_ID = 'main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/** Skip link, header, the one main landmark and footer: the frame of every page. */
export function Shell({ children, before }: { children: ReactNode; before?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      {before}
      {isCheckoutJourney(pathname) ? <CheckoutHeader /> : <SiteHeader />}
      <main id={MAIN_ID} tabIndex={-1} className="shell__main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
