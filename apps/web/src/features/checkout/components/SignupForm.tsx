import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BIRTHDAY_PLACEHOLDER, formatBirthdayInput, needsNameConfirmation, signupSchema, typedBirthday } from '@elmwood/domain';
import { serverFieldErrors, SocialSignIn, useSignup, zodFieldErrors } from '../../auth';
import { isApiError } from '../../../lib/api';
import { anonymousId } from '../../../lib/experiments';
import { useHydrating } from '../../../lib/hydration';
import { SIGNUP_DRAFT_KEY } from '../../../lib/patient-storage';
import { rememberedReferrer } from '../../../lib/referral-cookie';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { CheckboxField, TextField } from '../../../ui/TextField';
import { SignupCodeStep } from './SignupCodeStep';
import { SignupLimitNotice } from './SignupLimitNotice';

/** Appended to the terms box when the cart holds an unlicensed medicine. */
export const UNLICENSED_ACKNOWLEDGEMENT =
  'I understand my treatment includes an unlicensed medicine, which a clinician may prescribe outside its UK licence when it is right for me';

const EMPTY = { firstName: '', lastName: '', email: '', phoneNumber: '', birthday: '', plainPassword: '' };
type TextFields = typeof EMPTY;
/** What a reload brings back: everything typed but the password, which never leaves the form. */
const KEPT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'birthday'] as const;

function keepDraft(fields: TextFields): void {
  try {
    window.sessionStorage.setItem(SIGNUP_DRAFT_KEY, JSON.stringify(Object.fromEntries(KEPT_FIELDS.map((field) => [field, fields[field]]))));
  } catch {
    // Storage disabled: a reload then starts the form again.
  }
}

function keptDraft(): Partial<TextFields> {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(SIGNUP_DRAFT_KEY) ?? 'null') as Record<string, unknown> | null;
    return Object.fromEntries(KEPT_FIELDS.flatMap((field) => (typeof kept?.[field] === 'string' ? [[field, kept[field]]] : [])));
  } catch {
    return {};
  }
}

function forgetDraft(): void {
  try {
    window.sessionStorage.removeItem(SIGNUP_DRAFT_KEY);
  } catch {
    // Nothing was kept.
  }
}

interface SignupFormProps {
  cartToken: string;
  /** The cart holds a treatment prescribed to men only (ED, finasteride). */
  maleOnlyTreatment: boolean;
  /** The cart holds an unlicensed medicine: the patient acknowledges it with the terms (SPEC §5). */
  unlicensedProduct: boolean;
  /** The date of birth the consultation already holds (YYYY-MM-DD): not asked for again. */
  knownBirthday?: string | null;
  onSignedUp: () => void;
  onLoginInstead: () => void;
}

/** The SPEC §3 signup payload, checked field by field with the spec's messages; errors show once a field is left. */
export function SignupForm({ cartToken, maleOnlyTreatment, unlicensedProduct, knownBirthday = null, onSignedUp, onLoginInstead }: SignupFormProps) {
  const signup = useSignup();
  const [fields, setFields] = useState<TextFields>(() => (knownBirthday ? { ...EMPTY, birthday: typedBirthday(knownBirthday) } : EMPTY));
  const [visitorId] = useState(anonymousId);
  const [agree, setAgree] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const [nameConfirmation, setNameConfirmation] = useState(false);
  const [invitedBy] = useState(rememberedReferrer);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  /** Where the code was sent: the form gives way to the code's step until the patient goes back to it. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  /** Why the form is back (the sign-up expired before its code was entered). */
  const [notice, setNotice] = useState<string | null>(null);
  const confirmName = needsNameConfirmation(fields.firstName, maleOnlyTreatment);
  // What this tab kept joins the form once it runs in the browser (the server's page has empty fields); anything
  // typed meanwhile wins, and the consultation's date of birth stays.
  const hydrating = useHydrating();
  const [joinedKeptDraft, setJoinedKeptDraft] = useState(false);
  if (!hydrating && !joinedKeptDraft) {
    setJoinedKeptDraft(true);
    const typed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
    setFields({ ...fields, ...keptDraft(), ...(knownBirthday ? { birthday: fields.birthday } : {}), ...typed });
  }
  const change = (field: keyof TextFields, value: string) =>
    setFields((current) => {
      const next = { ...current, [field]: value };
      keepDraft(next);
      return next;
    });

  const schema = signupSchema({ today: new Date(), requireNameConfirmation: confirmName, requireUnlicensedDisclaimer: unlicensedProduct });
  const payload = {
    ...fields,
    agreeTermsAndPrivacy: agree,
    subscribedToNewsletter: newsletter,
    nameConfirmation,
    cartToken,
    // The one terms box also acknowledges the unlicensed medicine when the cart holds one (SPEC §5).
    ...(unlicensedProduct ? { unlicensedProductDisclaimerAccepted: agree } : {}),
    ...(invitedBy ? { invitedBy } : {}),
    // The account keeps the experiment buckets this visitor was in, so the prices shown so far stay the same.
    visitorId,
  };
  const parsed = schema.safeParse(payload);
  const clientErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
  const serverErrors = serverFieldErrors(signup.error);
  // Too many new accounts from this device or network: the wait and the other ways in replace the plain error.
  const limited = isApiError(signup.error) && signup.error.code === 'TOO_MANY_SIGNUPS' ? signup.error : null;
  const errorFor = (field: string) => (submitted || touched.has(field) ? (clientErrors[field] ?? serverErrors[field] ?? null) : (serverErrors[field] ?? null));

  const text = (field: keyof TextFields, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={fields[field]}
      onChange={(event) => change(field, field === 'birthday' ? formatBirthdayInput(event.target.value) : event.target.value)}
      onBlur={() => setTouched((current) => new Set(current).add(field))}
      error={errorFor(field)}
      {...extra}
    />
  );

  // Signed in: the account holds the details now, and the tab keeps none of them.
  const signedUp = () => {
    forgetDraft();
    onSignedUp();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setNotice(null);
    if (!parsed.success) return;
    const email = parsed.data.email;
    signup.mutate(parsed.data, { onSuccess: () => setCodeSentTo(email) });
  };

  if (codeSentTo !== null) {
    return (
      <SignupCodeStep
        email={codeSentTo}
        onSignedUp={signedUp}
        onLoginInstead={onLoginInstead}
        onChangeDetails={(why) => {
          signup.reset();
          setNotice(why ?? null);
          setCodeSentTo(null);
        }}
      />
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Create your account">
      <p className="auth-form__links auth-form__links--top">
        <Button variant="link" onClick={onLoginInstead}>
          Already have an account? Log in
        </Button>
      </p>
      {text('firstName', 'First name', { autoComplete: 'given-name' })}
      {text('lastName', 'Last name', { autoComplete: 'family-name' })}
      {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {text('phoneNumber', 'Mobile number', { type: 'tel', autoComplete: 'tel' })}
      {knownBirthday ? (
        <div className="auth-form__known">
          <p>
            Date of birth: <span className="auth-form__known-value">{fields.birthday}</span>, from your consultation.
          </p>
          <ErrorMessage className="field__error">{errorFor('birthday')}</ErrorMessage>
        </div>
      ) : (
        text('birthday', 'Date of birth', {
          inputMode: 'numeric',
          autoComplete: 'bday',
          placeholder: BIRTHDAY_PLACEHOLDER,
          hint: 'Our clinicians need this to issue your prescription.',
        })
      )}
      {text('plainPassword', 'Password', { type: 'password', autoComplete: 'new-password', hint: 'At least 8 characters.' })}
      {confirmName ? (
        <CheckboxField
          label="I confirm this is my legal name, I was born male and I am buying this treatment for myself."
          checked={nameConfirmation}
          onChange={(event) => setNameConfirmation(event.target.checked)}
          error={submitted ? (clientErrors.nameConfirmation ?? null) : null}
        />
      ) : null}
      <CheckboxField
        label={
          <>
            I agree to the <Link to="/pages/terms">terms</Link>, <Link to="/pages/terms-of-sale">terms of sale</Link> and{' '}
            <Link to="/pages/privacy">privacy policy</Link>
            {unlicensedProduct ? `, and ${UNLICENSED_ACKNOWLEDGEMENT}` : null}
          </>
        }
        checked={agree}
        onChange={(event) => setAgree(event.target.checked)}
        error={submitted ? (clientErrors.agreeTermsAndPrivacy ?? clientErrors.unlicensedProductDisclaimerAccepted ?? serverErrors.unlicensedProductDisclaimerAccepted ?? null) : null}
      />

      <CheckboxField label="Send me health tips and offers by email (optional)" checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} />
      {notice ? (
        <p className="auth-form__error" role="alert">
          {notice}
        </p>
      ) : null}
      {limited ? (
        <SignupLimitNotice retryAfterSeconds={limited.retryAfterSeconds} cartToken={cartToken} onLoginInstead={onLoginInstead} onSignedIn={signedUp} />
      ) : signup.isError && Object.keys(serverErrors).length === 0 ? (
        <p className="auth-form__error" role="alert">
          {signup.error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={signup.isPending}>
        Create account and continue
      </Button>
      {limited ? null : <SocialSignIn cartToken={cartToken} onSignedIn={signedUp} />}
    </form>
  );
}
