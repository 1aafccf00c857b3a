import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { BRAND_NAME } from '../../lib/config';
import { Logo } from '../../ui/Logo';

// Written out rather than imported from the domain package: that import alone split the entry into seven more
// scripts (about 2 KB gzip on every entry page).
const FOOTER_LINKS = [
  { to: '/who-prescribes', label: 'Who prescribes' },
  { to: '/pages/guarantee', label: 'Money-back guarantee' },
  { to: '/pages/ed-money-back-guarantee', label: 'ED money-back guarantee' },
  { to: '/pages/terms', label: 'Terms of use' },
  { to: '/pages/terms-of-sale', label: 'Terms of sale' },
  { to: '/pages/privacy', label: 'Privacy policy' },
];

const noChanges = () => () => {};

/**
 * This year, in the browser only: a page pre-rendered at build time would otherwise carry the build's year
 * into a later one, and hydrating it would not match. Pre-rendered and hydrating, the notice has no year; the
 * browser's render adds it straight after.
 */
function useCurrentYear(): number | null {
  return useSyncExternalStore(
    noChanges,
    () => new Date().getFullYear(),
    () => null,
  );
}

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo name={BRAND_NAME} className="site-footer__logo" />
          <p>
            An online clinic for weight loss, erectile dysfunction and hair loss. A UK clinician reviews every order
            before we take payment.
          </p>
        </div>
        <nav aria-label="Policies and terms">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container">
        <p className="site-footer__legal">
          © {year === null ? '' : `${year} `}{BRAND_NAME}. If you feel unwell or your symptoms change, contact your GP or call
          NHS 111. In an emergency, call 999.
        </p>
      </div>
    </footer>
  );
}
