import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { deliveryAddressSchema, type Address, type LookupAddress, type User } from '@elmwood/domain';
import { useCheckoutAddress } from '../../cart';
import { Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { SHIPPING_ADDRESS_DRAFT_KEY } from '../../../lib/patient-storage';
import { useAddressBook, useSaveAddress, useSetDefaultAddress, type SavedAddress } from '../api';
import { AddressFields, blankPlace, draftErrors, type AddressDraft } from './AddressFields';
import { AddressList } from './AddressList';
import { billingAddressOf, BillingChoice, type BillingState } from './BillingChoice';
import { PostcodeFinder } from './PostcodeFinder';

const USER_ADDRESS_KEY = SHIPPING_ADDRESS_DRAFT_KEY;

/** Kept in this tab as it is typed (SPEC §7 `userAddress`), so a reload mid-checkout brings it back. */
function rememberAddress(address: Address | AddressDraft): void {
  try {
    window.sessionStorage.setItem(USER_ADDRESS_KEY, JSON.stringify({ ...address, countryCode: 'GB' }));
  } catch {
    // Session storage is a convenience for a reload; without it the saved address still stands.
  }
}

/** The draft names a place beyond its postcode: it is shown in the fields, not behind the finder. */
const hasPlace = (draft: AddressDraft) => [draft.company, draft.street, draft.city].some((part) => part.trim() !== '');

/** A new address: the patient's name and phone, no place yet. */
function blankDraft(user: User): AddressDraft {
  return { firstName: user.firstName, lastName: user.lastName, ...blankPlace, phoneNumber: user.phoneNumber ?? '' };
}

/** A draft restored from this tab (SPEC §3: it comes back with countryCode GB), else a blank one. */
function startingDraft(user: User): AddressDraft {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(USER_ADDRESS_KEY) ?? 'null') as Partial<AddressDraft> | null;
    if (saved) return { ...blankDraft(user), ...Object.fromEntries(Object.entries(saved).filter(([, value]) => typeof value === 'string')) };
  } catch {
    // A damaged entry is ignored.
  }
  return blankDraft(user);
}

function draftOf(saved: SavedAddress): AddressDraft {
  return { firstName: saved.firstName, lastName: saved.lastName, company: saved.company, street: saved.street, city: saved.city, postcode: saved.postcode, phoneNumber: saved.phoneNumber ?? '' };
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

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; address: SavedAddress };

/**
 * The shipping address manager (SPEC §4): Loading; then every saved address to choose from (with Edit, Delete and
 * 'Add a new address'), or, with none saved, New, where the address finder comes first and manual entry follows a
 * pick or 'Enter address manually'. At checkout a 'Billing address' choice follows the delivery address.
 */
export function ShippingStep({ user, cartToken, onDone, onNotice, submitLabel = 'Continue to payment' }: ShippingStepProps) {
  const book = useAddressBook(true);
  const toCart = useCheckoutAddress(cartToken ?? '');
  const makeDefault = useSetDefaultAddress();
  const [view, setView] = useState<View | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [billing, setBilling] = useState<BillingState>({ same: true, draft: { ...blankDraft(user), phoneNumber: '' }, submitted: false });

  if (book.isPending) return <LoadStatus status="loading" />;
  const addresses = book.data ?? [];
  const chosen = addresses.find((address) => address.id === chosenId) ?? addresses.find((address) => address.isDefault) ?? addresses[0] ?? null;
  const current: View = view ?? (chosen ? { kind: 'list' } : { kind: 'new' });

  // The address goes on the order (the cart) once it is in the address book; payment reads it from there.
  const placeAddress = (saved: SavedAddress) => {
    // The account's manager: the chosen address becomes the default for deliveries to come.
    if (!cartToken) return saved.isDefault ? onDone(saved) : makeDefault.mutate(saved.id, { onSuccess: () => onDone(saved) });
    const billed = billingAddressOf(billing);
    if (!billed.ok) return setBilling({ ...billing, submitted: true });
    toCart.mutate({ shippingAddress: checkoutAddressOf(saved), ...(billed.address ? { billingAddress: billed.address } : {}) }, { onSuccess: () => onDone(saved) });
  };
  const billingReady = () => {
    if (billingAddressOf(billing).ok) return true;
    setBilling({ ...billing, submitted: true });
    return false;
  };
  const billingChoice = cartToken ? <BillingChoice billing={billing} onChange={setBilling} onNotice={onNotice} /> : null;
  const failed = toCart.error ?? makeDefault.error;
  const cartError = failed ? (
    <p className="auth-form__error" role="alert">
      {failed.message}
    </p>
  ) : null;

  if (current.kind === 'list' && chosen) {
    return (
      <div className="address-manager">
        <AddressList addresses={addresses} chosenId={chosen.id} onChoose={setChosenId} onEdit={(address) => setView({ kind: 'edit', address })} />
        <Button variant="secondary" onClick={() => setView({ kind: 'new' })}>
          Add a new address
        </Button>
        {billingChoice}
        <div className="auth-form__actions">
          <Button size="lg" loading={toCart.isPending || makeDefault.isPending} onClick={() => placeAddress(chosen)}>
            {submitLabel}
          </Button>
        </div>
        {cartError}
      </div>
    );
  }

  // The first address saved goes straight on to payment; another one added, or one edited, returns to the list.
  const first = addresses.length === 0;
  const backToList = (saved: SavedAddress) => {
    setChosenId(saved.id);
    setView({ kind: 'list' });
  };
  return (
    <>
      {first ? <p className="muted">No addresses</p> : null}
      <AddressEditor
        key={current.kind === 'edit' ? current.address.id : 'new'}
        initial={current.kind === 'edit' ? draftOf(current.address) : first ? startingDraft(user) : blankDraft(user)}
        editing={current.kind === 'edit' ? current.address.id : null}
        startWithFinder={current.kind === 'new'}
        remember={first}
        onNotice={onNotice}
        submitLabel={first ? submitLabel : 'Save address'}
        beforeSave={first ? billingReady : () => true}
        onSaved={first ? placeAddress : backToList}
        onCancel={first ? null : () => setView({ kind: 'list' })}
        placing={toCart.isPending}
        placeError={cartError}
        extra={first ? billingChoice : null}
      />
    </>
  );
}

interface AddressEditorProps {
  initial: AddressDraft;
  /** The saved address being edited, or null for a new one. */
  editing: number | null;
  /** A new address is shown in the fields when the draft already names a place (restored after a reload). */
  startWithFinder: boolean;
  /** Keep the draft in this tab as it is typed (the first address, which a reload restores). */
  remember: boolean;
  onNotice: (message: string) => void;
  submitLabel: string;
  /** Checked before saving (the billing address at checkout); false stops the save. */
  beforeSave: () => boolean;
  onSaved: (address: SavedAddress) => void;
  onCancel: (() => void) | null;
  /** The saved address is being put on the order. */
  placing: boolean;
  placeError: ReactNode;
  /** Shown between the fields and the button (the billing choice), outside the form: it has a finder form of its own. */
  extra: ReactNode;
}

/** New or Edit: the address finder first for a new address, then the fields, saved to the address book. */
function AddressEditor({ initial, editing, startWithFinder, remember, onNotice, submitLabel, beforeSave, onSaved, onCancel, placing, placeError, extra }: AddressEditorProps) {
  const formId = useId();
  const save = useSaveAddress();
  const [draft, setDraft] = useState(initial);
  const [manual, setManual] = useState(!startWithFinder || hasPlace(initial));
  useEffect(() => {
    if (remember) rememberAddress(draft);
  }, [remember, draft]);
  const [submitted, setSubmitted] = useState(false);
  const errors = draftErrors(deliveryAddressSchema, draft);
  const cancel = onCancel ? (
    <Button variant="link" onClick={onCancel}>
      Cancel
    </Button>
  ) : null;

  if (!manual) {
    const pick = (address: LookupAddress) => {
      setDraft((old) => ({ ...old, company: address.company, street: address.street, city: address.city, postcode: address.postcode }));
      setManual(true);
    };
    return (
      <div>
        <PostcodeFinder
          postcode={draft.postcode}
          onPostcodeChange={(postcode) => setDraft((old) => ({ ...old, postcode }))}
          onPick={pick}
          onUnavailable={onNotice}
        />
        <Button variant="link" onClick={() => setManual(true)}>
          Enter address manually
        </Button>
        {cancel}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = deliveryAddressSchema.safeParse({ ...draft, countryCode: 'GB' });
    if (!parsed.success || !beforeSave()) return;
    rememberAddress(parsed.data);
    save.mutate({ ...parsed.data, ...(editing ? { id: editing } : {}) }, { onSuccess: onSaved });
  };
  return (
    <div className="address-editor">
      <form id={formId} className="auth-form" onSubmit={submit} noValidate aria-label="Delivery address">
        <AddressFields draft={draft} onChange={setDraft} errors={errors} submitted={submitted} section="shipping" withPhone />
        {save.isError ? (
          <p className="auth-form__error" role="alert">
            {save.error.message}
          </p>
        ) : null}
      </form>
      {extra}
      {placeError}
      <Button type="submit" form={formId} size="lg" block loading={save.isPending || placing}>
        {submitLabel}
      </Button>
      {editing ? null : (
        <Button
          variant="link"
          onClick={() => {
            setDraft((old) => ({ ...old, ...blankPlace }));
            setManual(false);
          }}
        >
          Use address finder
        </Button>
      )}
      {cancel}
    </div>
  );
}
