import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoginForm } from '../components/LoginForm';
import { LOGIN_REQUIRED_MESSAGE, safeNextPath } from '../redirect';
import '../../../ui/page-styles/auth.css';

/** Where a patient who came to log in of their own accord is going: their account. */
const ACCOUNT_HOME = '/account/home';

/** /login — also where a page that needs login sends a visitor (back there after), and where a password reset ends. */
export function Component() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const next = safeNextPath(search.get('next'));
  const flash = (location.state as { flash?: string } | null)?.flash;
  return (
    <div className="auth-page container">
      <h1>Log in</h1>
      {flash ? (
        <p className="auth-page__notice auth-page__notice--success" role="status">
          {flash}
        </p>
      ) : null}
      {next ? (
        <p className="auth-page__notice" role="alert">
          {LOGIN_REQUIRED_MESSAGE}
        </p>
      ) : null}
      <LoginForm onSignedIn={() => navigate(next ?? ACCOUNT_HOME, { replace: true })} />
    </div>
  );
}
