import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { forgotPasswordSchema, resetPasswordSchema } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, ButtonLink } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useRequestPasswordReset, useResetPassword } from '../api';
import { zodFieldErrors } from '../fieldErrors';
import '../../../ui/page-styles/auth.css';

export const PASSWORD_UPDATED_MESSAGE = 'Your password has been updated.';

/** /forgot-password: ask for a reset link; with ?token= from that link, choose a new password. */
export function Component() {
  const [search] = useSearchParams();
  const token = search.get('token');
  useDocumentTitle(token ? 'Choose a new password' : 'Forgot your password?');
  return <div className="auth-page container">{token ? <ResetForm token={token} /> : <RequestForm />}</div>;
}

function RequestForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = (address: string) => request.mutate(address, { onSuccess: () => setSentTo(address) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).email ?? null);
    setError(null);
    send(parsed.data.email);
  };

  if (sentTo) {
    return (
      <section aria-labelledby="check-inbox">
        <h1 id="check-inbox">Check your inbox</h1>
        <p role="status">If {sentTo} has an account with us, we have sent it a link to choose a new password. The link works once, for one hour.</p>
        <div className="auth-form__actions">
          <Button variant="secondary" loading={request.isPending} onClick={() => send(sentTo)}>
            Resend instructions
          </Button>
          <ButtonLink to="/login" variant="link">
            Return to login
          </ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p>Enter your email and we will send you a link to choose a new one.</p>
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
      {request.isError ? (
        <p className="auth-form__error" role="alert">
          {request.error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={request.isPending}>
        Send reset link
      </Button>
      <p className="auth-form__links">
        <Link to="/login">Return to login</Link>
      </p>
    </form>
  );
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ password, confirmPassword });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    reset.mutate(
      { token, password: parsed.data.password },
      { onSuccess: () => navigate('/login', { replace: true, state: { flash: PASSWORD_UPDATED_MESSAGE } }) },
    );
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <TextField label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
        error={errors.confirmPassword}
      />
      {reset.isError ? (
        <p className="auth-form__error" role="alert">
          {reset.error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={reset.isPending}>
        Update password
      </Button>
    </form>
  );
}
