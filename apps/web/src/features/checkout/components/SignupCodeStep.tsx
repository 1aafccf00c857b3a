import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SIGNUP_CODE_LENGTH, SIGNUP_CODE_MINUTES, signupCodeSchema } from '@elmwood/domain';
import { serverFieldErrors, useConfirmSignup, useResendSignupCode } from '../../auth';
import { isApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

interface SignupCodeStepProps {
  /** The email the sign-up was sent with: the code went there. */
  email: string;
  onSignedUp: () => void;
  /** Back to the filled-in form (to correct the email); `notice` says why when the sign-up itself has expired. */
  onChangeDetails: (notice?: string) => void;
  onLoginInstead: () => void;
}

/**
 * The sign-up's second step, in the checkout's Account step: the code from the email opens the account. The same
 * words show whether or not the email already had an account (its owner was emailed instead), so the page says
 * nothing the API does not.
 */
export function SignupCodeStep({ email, onSignedUp, onChangeDetails, onLoginInstead }: SignupCodeStepProps) {
  const confirm = useConfirmSignup();
  const resend = useResendSignupCode();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was replaced by this step: focus moves to its heading, so a screen reader reads what happened.
  useEffect(() => heading.current?.focus(), []);

  const parsed = signupCodeSchema.safeParse(code);
  const codeError = (submitted && !parsed.success ? parsed.error.issues[0]!.message : null) ?? serverFieldErrors(confirm.error).code ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    resend.reset();
    confirm.mutate({ email, code: parsed.data }, { onSuccess: onSignedUp });
  };

  const sendNewCode = () => {
    confirm.reset();
    setCode('');
    setSubmitted(false);
    resend.mutate(email, {
      onError: (error) => {
        if (isApiError(error) && error.code === 'SIGNUP_EXPIRED') onChangeDetails(error.message);
      },
    });
  };

  return (
    <form className="auth-form signup-code" onSubmit={submit} noValidate aria-labelledby="signup-code-heading">
      <h3 id="signup-code-heading" className="signup-code__title" ref={heading} tabIndex={-1}>
        Check your email
      </h3>
      <p>
        We have emailed a {SIGNUP_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to open your account. The code works for{' '}
        {SIGNUP_CODE_MINUTES} minutes. Your basket is saved.
      </p>
      <p>
        If this email already has an account, we have emailed you about it instead.{' '}
        <Button variant="link" onClick={onLoginInstead}>
          Log in
        </Button>
      </p>
      <TextField
        label={`${SIGNUP_CODE_LENGTH}-digit code`}
        hint="No email? Check your spam folder, or send a new code."
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        spellCheck={false}
        error={codeError}
      />
      {confirm.isError && !codeError ? (
        <p className="auth-form__error" role="alert">
          {confirm.error.message}
        </p>
      ) : null}
      {resend.isError && !(isApiError(resend.error) && resend.error.code === 'SIGNUP_EXPIRED') ? (
        <p className="auth-form__error" role="alert">
          {resend.error.message}
        </p>
      ) : null}
      <p className="signup-code__sent" role="status">
        {resend.isSuccess ? `We have sent a new code to ${email}. Codes sent before it no longer work.` : ''}
      </p>
      <Button type="submit" size="lg" block loading={confirm.isPending}>
        Confirm and continue
      </Button>
      <p className="auth-form__links">
        <Button variant="link" onClick={sendNewCode} loading={resend.isPending}>
          Send a new code
        </Button>
        <Button variant="link" onClick={() => onChangeDetails()}>
          Change your email
        </Button>
      </p>
    </form>
  );
}
