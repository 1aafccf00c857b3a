import { useState, type FormEvent } from 'react';
import { addressSchema, formatAddressLines, type Address, type LookupAddress, type User } from '@elmwood/domain';
import { zodFieldErrors } from '../../auth';
import { Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { TextField } from '../../../ui/TextField';
import { useAddressBook, useSaveAddress, type SavedAddress } from '../api';
import { PostcodeFinder } from './PostcodeFinder';

const USER_ADDRESS_KEY = 'userAddress';

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

interface ShippingStepProps {
  user: User;
  onDone: (address: SavedAddress) => void;
  onNotice: (message: string) => void;
  /** The button that saves or keeps the address; the checkout's words by default. */
  submitLabel?: string;
}

/**
 * The shipping address manager (SPEC §4): Loading, then Selected when a saved address exists, else New,
 * where the address finder comes first and manual entry follows a pick or 'Enter address manually'.
 */
export function ShippingStep({ user, onDone, onNotice, submitLabel = 'Continue to payment' }: ShippingStepProps) {
  const book = useAddressBook(true);
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
          <Button size="lg" onClick={() => onDone(saved)}>
            {submitLabel}
          </Button>
        </div>
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
      onSaved={onDone}
      submitLabel={submitLabel}
    />
  );
}

function AddressForm({ draft, onChange, onUseFinder, onSaved, submitLabel }: { draft: Draft; onChange: (draft: Draft) => void; onUseFinder: () => void; onSaved: (address: SavedAddress) => void; submitLabel: string }) {
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
      <Button type="submit" size="lg" block loading={save.isPending}>
        {submitLabel}
      </Button>
      <Button variant="link" onClick={onUseFinder}>
        Use address finder
      </Button>
    </form>
  );
}
