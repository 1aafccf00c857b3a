import { Link, NavLink } from 'react-router';
import { useMe } from '../../features/auth';
import { BRAND_NAME } from '../../lib/config';
import { Logo } from '../../ui/Logo';

const CONSULTATIONS = [
  { to: '/n/weight-loss/quiz/1', label: 'Weight loss' },
  { to: '/n/erectile-dysfunction/quiz/1', label: 'Erectile dysfunction' },
  { to: '/n/hair-loss/quiz/1', label: 'Hair loss' },
];

/**
 * 'Log in' for a visitor, 'My account' once the shop knows who is signed in. The first paint (pre-rendered, or
 * before /me answers) says 'Log in'; either way the link lands a signed-in patient in their account.
 */
function AccountLink() {
  const me = useMe();
  return me.data ? (
    <Link to="/account/home" className="site-header__account">
      My account
    </Link>
  ) : (
    <Link to="/login" className="site-header__account">
      Log in
    </Link>
  );
}

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__home">
          <Logo name={BRAND_NAME} />{' '}
          <span className="visually-hidden">home</span>
        </Link>
        <nav aria-label="Consultations" className="site-header__nav">
          <ul>
            {CONSULTATIONS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AccountLink />
      </div>
    </header>
  );
}
