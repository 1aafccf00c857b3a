import { useState, type FormEvent, type ReactNode } from 'react';
import { addressSchema, formatAddressLines, type Address, type LookupAddress, type User } from '@elmwood/domain';
import { zodFieldErrors } from '../../auth';
import { useCheckoutAddress } from '../../cart';
import { Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { TextField } from '../../../ui/TextField';
import { SHIPPING_ADDRESS_DRAFT_KEY } from '../../../lib/patient-storage';
import { useAddressBook, useSaveAddress, type SavedAddress } from '../api';
import { PostcodeFinder } from './PostcodeFinder';

const USER_ADDRESS_KEY = SHIPPING_ADDRESS_DRAFT_KEY;

type Draft = Record<'firstName' | 'lastName' | 'company' | 'street' | 'city' | 'postcode', string>;

function rememberAddress(address: Address): void {
  try {
    window.sessionStorage.setItem(USER_ADDRESS_KEY, JSON.stringify(address));
  } catch {
    // Session storage is a convenience for a reload; without it the saved address still stands.
  }
}

/** A draft restored from this tab (SPEC §3: it comes back with countryCode GB), else the patient's name. */
function startingDraft(user: User): Draft {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(USER_ADDRESS_KEY) ?? 'null') as Partial<Draft> | null;
    if (saved) return { firstName: '', lastName: '', company: '', street: '', city: '', postcode: '', ...saved };
  } catch {
    // A damaged entry is ignored.
  }
  return { firstName: user.firstName, lastName: user.lastName, company: '', street: '', city: '', postcode: '' };
}

/** A saved address as the cart takes it. */
function checkoutAddressOf(saved: SavedAddress): Address {
  return {
    firstName: saved.firstName,
    lastName: saved.lastName,
    company: saved.company,
    street: saved.street,
    city: saved.city,
    postcode: saved.postcode,
    countryCode: 'GB',
    ...(saved.phoneNumber ? { phoneNumber: saved.phoneNumber } : {}),
  };
}

interface ShippingStepProps {
  user: User;
  /** The checkout's cart, which the chosen address goes on; left out (the account area), only the address book changes. */
  cartToken?: string;
  onDone: (address: SavedAddress) => void;
  onNotice: (message: string) => void;
  /** The button that saves or keeps the address; the checkout's words by default. */
  submitLabel?: string;
}

/**
 * The shipping address manager (SPEC §4): Loading, then Selected when a saved address exists, else New,
 * where the address finder comes first and manual entry follows a pick or 'Enter address manually'.
 */
export function ShippingStep({ user, cartToken, onDone, onNotice, submitLabel = 'Continue to payment' }: ShippingStepProps) {
  const book = useAddressBook(true);
  const toCart = useCheckoutAddress(cartToken ?? '');
  // The address goes on the order (the cart) once it is in the address book; payment reads it from there.
  const placeAddress = (saved: SavedAddress) =>
    cartToken ? toCart.mutate({ shippingAddress: checkoutAddressOf(saved) }, { onSuccess: () => onDone(saved) }) : onDone(saved);
  const cartError = toCart.isError ? (
    <p className="auth-form__error" role="alert">
      {toCart.error.message}
    </p>
  ) : null;
  const [mode, setMode] = useState<'selected' | 'finder' | 'manual' | null>(null);
  const [draft, setDraft] = useState<Draft>(() => startingDraft(user));

  if (book.isPending) return <LoadStatus status="loading" />;
  const saved = book.data?.find((address) => address.isDefault) ?? book.data?.[0] ?? null;
  const current = mode ?? (saved ? 'selected' : 'finder');

  if (current === 'selected' && saved) {
    return (
      <div className="address-selected">
        <p className="address-selected__lines">{formatAddressLines(saved).join(', ')}</p>
        <div className="auth-form__actions">
          <Button
            variant="link"
            onClick={() => {
              setDraft({ firstName: user.firstName, lastName: user.lastName, company: '', street: '', city: '', postcode: '' });
              setMode('finder');
            }}
          >
            Change address
          </Button>
          <Button size="lg" loading={toCart.isPending} onClick={() => placeAddress(saved)}>
            {submitLabel}
          </Button>
        </div>
        {cartError}
      </div>
    );
  }

  const pick = (address: LookupAddress) => {
    setDraft((old) => ({ ...old, company: address.company, street: address.street, city: address.city, postcode: address.postcode }));
    setMode('manual');
  };

  if (current === 'finder') {
    return (
      <div>
        <PostcodeFinder onPick={pick} onUnavailable={onNotice} />
        <Button variant="link" onClick={() => setMode('manual')}>
          Enter address manually
        </Button>
      </div>
    );
  }
  return (
    <AddressForm
      draft={draft}
      onChange={setDraft}
      onUseFinder={() => {
        setDraft((old) => ({ ...old, company: '', street: '', city: '', postcode: '' }));
        setMode('finder');
      }}
      onSaved={placeAddress}
      placing={toCart.isPending}
      placeError={cartError}
      submitLabel={submitLabel}
    />
  );
}

interface AddressFormProps {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onUseFinder: () => void;
  onSaved: (address: SavedAddress) => void;
  /** The saved address is being put on the order. */
  placing: boolean;
  placeError: ReactNode;
  submitLabel: string;
}

function AddressForm({ draft, onChange, onUseFinder, onSaved, placing, placeError, submitLabel }: AddressFormProps) {
  const save = useSaveAddress();
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const parsed = addressSchema.safeParse({ ...draft, countryCode: 'GB' });
  const errors = parsed.success ? {} : zodFieldErrors(parsed.error);
  const field = (name: keyof Draft, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={draft[name]}
      onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
      onBlur={() => setTouched((old) => new Set(old).add(name))}
      error={submitted || touched.has(name) ? (errors[name] ?? null) : null}
      {...extra}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    rememberAddress(parsed.data);
    save.mutate(parsed.data, { onSuccess: onSaved });
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Delivery address">
      {field('firstName', 'First name', { autoComplete: 'given-name' })}
      {field('lastName', 'Last name', { autoComplete: 'family-name' })}
      {field('company', 'Address line 1', { autoComplete: 'address-line1' })}
      {field('street', 'Address line 2 (optional)', { autoComplete: 'address-line2' })}
      {field('city', 'Town or city', { autoComplete: 'address-level2' })}
      {field('postcode', 'Postcode', { autoComplete: 'postal-code' })}
      {save.isError ? (
        <p className="auth-form__error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      {placeError}
      <Button type="submit" size="lg" block loading={save.isPending || placing}>
        {submitLabel}
      </Button>
      <Button variant="link" onClick={onUseFinder}>
        Use address finder
      </Button>
    </form>
  );
}
