import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { loginSchema } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useLogin } from '../api';
import { zodFieldErrors } from '../fieldErrors';
import { SocialSignIn } from './SocialSignIn';

/** Email and password; a wrong pair gets one message that does not say which was wrong. */
export function LoginForm({
  onSignedIn,
  onSignupInstead,
  cartToken = null,
}: {
  onSignedIn: () => void;
  onSignupInstead?: () => void;
  /** The checkout's cart, which becomes the patient's on sign-in. */
  cartToken?: string | null;
}) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ _username: email, _password: password });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    login.mutate({ email: parsed.data._username, password: parsed.data._password, cartToken }, { onSuccess: onSignedIn });
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Log in">
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors._username} />
      <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors._password} />
      {login.isError ? (
        <p className="auth-form__error" role="alert">
          {login.error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={login.isPending}>
        Log in
      </Button>
      <SocialSignIn cartToken={cartToken} onSignedIn={onSignedIn} />
      <p className="auth-form__links">
        <Link to="/forgot-password">Forgot your password?</Link>
        {onSignupInstead ? (
          <Button variant="link" onClick={onSignupInstead}>
            New here? Create an account
          </Button>
        ) : null}
      </p>
    </form>
  );
}
