import { lazy, Suspense, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { CheckoutHeader, isCheckoutJourney } from './CheckoutHeader';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import './layout.css';

export const MAIN_ID = 'main';

/** Only account pages need the signed-in header, so its code waits until one opens. */
const AccountHeader = lazy(() => import('./AccountHeader'));

export function isAccountArea(pathname: string): boolean {
  return pathname === '/account' || pathname.startsWith('/account/');
}

function PageHeader({ pathname }: { pathname: string }) {
  if (isCheckoutJourney(pathname)) return <CheckoutHeader />;
  if (isAccountArea(pathname)) {
    return (
      <Suspense fallback={<header className="site-header site-header--placeholder" />}>
        <AccountHeader />
      </Suspense>
    );
  }
  return <SiteHeader />;
}

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
      <PageHeader pathname={pathname} />
      <main id={MAIN_ID} tabIndex={-1} className="shell__main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
