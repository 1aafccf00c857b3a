import { useState, type FormEvent } from 'react';
import { BIRTHDAY_PLACEHOLDER, birthdaySchema, formatBirthdayInput, phoneNumberSchema, REQUIRED_MESSAGE, typedBirthday, type User } from '@elmwood/domain';
import { LoginForm, useUpdateAccount } from '../../auth';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { CheckboxField, TextField } from '../../../ui/TextField';
import { SignupForm, UNLICENSED_ACKNOWLEDGEMENT } from './SignupForm';

interface AccountStepProps {
  user: User | null;
  cartToken: string;
  maleOnlyTreatment: boolean;
  /** The cart holds an unlicensed medicine, which the patient must acknowledge (SPEC §5). */
  unlicensedProduct: boolean;
  /** The date of birth the consultation holds (YYYY-MM-DD): checkout does not ask for it again. */
  knownBirthday?: string | null;
  onDone: () => void;
}

/** Log in or sign up, toggled by links; a signed-in patient missing what a prescriber needs updates the account. */
export function AccountStep({ user, cartToken, maleOnlyTreatment, unlicensedProduct, knownBirthday = null, onDone }: AccountStepProps) {
  const [mode, setMode] = useState<'signup' | 'login'>('signup');
  if (user) {
    return (
      <UpdateAccountForm
        user={user}
        cartToken={cartToken}
        askUnlicensed={unlicensedProduct && !user.hasAcceptedUnlicensedProductDisclaimer}
        knownBirthday={knownBirthday}
        onDone={onDone}
      />
    );
  }
  return mode === 'signup' ? (
    <SignupForm
      cartToken={cartToken}
      maleOnlyTreatment={maleOnlyTreatment}
      unlicensedProduct={unlicensedProduct}
      knownBirthday={knownBirthday}
      onSignedUp={onDone}
      onLoginInstead={() => setMode('login')}
    />
  ) : (
    <LoginForm cartToken={cartToken} onSignedIn={onDone} onSignupInstead={() => setMode('signup')} />
  );
}

function UpdateAccountForm({
  user,
  cartToken,
  askUnlicensed,
  knownBirthday,
  onDone,
}: {
  user: User;
  cartToken: string;
  askUnlicensed: boolean;
  knownBirthday: string | null;
  onDone: () => void;
}) {
  const update = useUpdateAccount();
  const [unlicensedAccepted, setUnlicensedAccepted] = useState(false);
  const [birthday, setBirthday] = useState(knownBirthday ? typedBirthday(knownBirthday) : '');
  const [phone, setPhone] = useState(user.phoneNumber ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const birthdayCheck = user.birthday ? null : birthdaySchema({ today: new Date() }).safeParse(birthday);
    if (birthdayCheck && !birthdayCheck.success) found.birthday = birthdayCheck.error.issues[0]!.message;
    const phoneCheck = phoneNumberSchema.safeParse(phone);
    if (!phoneCheck.success) found.phone = phoneCheck.error.issues[0]!.message;
    if (askUnlicensed && !unlicensedAccepted) found.unlicensed = REQUIRED_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      {
        ...(birthdayCheck?.success ? { birthday: birthdayCheck.data } : {}),
        phoneNumber: phoneCheck.data,
        ...(askUnlicensed ? { unlicensedProductDisclaimerAccepted: true } : {}),
        cartToken,
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Complete your account">
      <p>Signed in as {user.email}. Our clinicians need a little more before they can prescribe.</p>
      {user.birthday ? null : knownBirthday ? (
        <div className="auth-form__known">
          <p>Date of birth: {birthday}, from your consultation.</p>
          <ErrorMessage className="field__error">{errors.birthday}</ErrorMessage>
        </div>
      ) : (
        <TextField
          label="Date of birth"
          inputMode="numeric"
          placeholder={BIRTHDAY_PLACEHOLDER}
          value={birthday}
          onChange={(event) => setBirthday(formatBirthdayInput(event.target.value))}
          error={errors.birthday}
        />
      )}
      <TextField label="Mobile number" type="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.target.value)} error={errors.phone} />
      {askUnlicensed ? (
        <CheckboxField
          label={UNLICENSED_ACKNOWLEDGEMENT}
          checked={unlicensedAccepted}
          onChange={(event) => setUnlicensedAccepted(event.target.checked)}
          error={errors.unlicensed ?? null}
        />
      ) : null}
      {update.isError ? (
        <p className="auth-form__error" role="alert">
          {update.error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={update.isPending}>
        Save and continue
      </Button>
    </form>
  );
}
