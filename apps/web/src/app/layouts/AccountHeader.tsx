import { Link, NavLink, useNavigate } from 'react-router';
import { useLogout, useMe } from '../../features/auth';
import { BRAND_NAME } from '../../lib/config';
import { Logo } from '../../ui/Logo';

const MENU = [
  { to: '/account/home', label: 'Home' },
  { to: '/account/health-actions', label: 'My tasks' },
  { to: '/account/progress', label: 'Progress' },
  { to: '/account/injections', label: 'Injections' },
  { to: '/account/order-history', label: 'Orders' },
  { to: '/account/reminders', label: 'Reminders' },
  { to: '/account/details', label: 'My details' },
];

/** /account/… pages: the account area's top bar with its menu (DESIGN.md account layout). */
export default function AccountHeader() {
  const me = useMe();
  const navigate = useNavigate();
  const logout = useLogout({ leave: () => navigate('/') });
  return (
    <header className="site-header account-header">
      <div className="container site-header__inner">
        <Link to="/account/home" className="site-header__home">
          <Logo name={BRAND_NAME} /> <span className="visually-hidden">account home</span>
        </Link>
        <nav aria-label="Account menu" className="site-header__nav">
          <ul>
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
            {me.data ? (
              <li>
                <button type="button" className="account-header__logout" onClick={() => logout.mutate()}>
                  Log out
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}
