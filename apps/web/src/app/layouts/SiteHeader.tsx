import { Link, NavLink } from 'react-router';
import { BRAND_NAME } from '../../lib/config';
import { Logo } from '../../ui/Logo';

const CONSULTATIONS = [
  { to: '/n/weight-loss/quiz/1', label: 'Weight loss' },
  { to: '/n/erectile-dysfunction/quiz/1', label: 'Erectile dysfunction' },
  { to: '/n/hair-loss/quiz/1', label: 'Hair loss' },
];

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
      </div>
    </header>
  );
}
