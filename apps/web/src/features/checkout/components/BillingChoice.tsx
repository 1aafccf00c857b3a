import { useState } from 'react';
import { addressSchema, type LookupAddress } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { AddressFields, blankPlace, draftErrors, type AddressDraft } from './AddressFields';
import { PostcodeFinder } from './PostcodeFinder';

export interface BillingState {
  same: boolean;
  draft: AddressDraft;
  /** Continue was pressed: every billing message shows. */
  submitted: boolean;
}

/** The billing address to send with the delivery one: none while it is the same, else the checked form. */
export function billingAddressOf(billing: BillingState) {
  if (billing.same) return { ok: true as const, address: undefined };
  const parsed = addressSchema.safeParse({ ...billing.draft, phoneNumber: '', countryCode: 'GB' });
  return parsed.success ? { ok: true as const, address: parsed.data } : { ok: false as const };
}

interface BillingChoiceProps {
  billing: BillingState;
  onChange: (billing: BillingState) => void;
  onNotice: (message: string) => void;
}

/** 'Billing address': the delivery address unless the box is unticked, then the same finder and form as delivery. */
export function BillingChoice({ billing, onChange, onNotice }: BillingChoiceProps) {
  const [manual, setManual] = useState(false);
  const pick = (address: LookupAddress) => {
    onChange({ ...billing, draft: { ...billing.draft, company: address.company, street: address.street, city: address.city, postcode: address.postcode } });
    setManual(true);
  };
  return (
    <fieldset className="billing-choice">
      <legend className="billing-choice__legend">Billing address</legend>
      <Checkbox label="Same as delivery address" checked={billing.same} onChange={(event) => onChange({ ...billing, same: event.target.checked })} />
      {billing.same ? null : manual ? (
        <div className="billing-choice__form">
          <AddressFields
            draft={billing.draft}
            onChange={(draft) => onChange({ ...billing, draft })}
            errors={draftErrors(addressSchema, { ...billing.draft, phoneNumber: '' })}
            submitted={billing.submitted}
            section="billing"
            withPhone={false}
          />
          <Button
            variant="link"
            onClick={() => {
              onChange({ ...billing, draft: { ...billing.draft, ...blankPlace } });
              setManual(false);
            }}
          >
            Use address finder for billing
          </Button>
        </div>
      ) : (
        <div className="billing-choice__form">
          <PostcodeFinder onPick={pick} onUnavailable={onNotice} />
          <Button variant="link" onClick={() => setManual(true)}>
            Enter billing address manually
          </Button>
          {billing.submitted ? (
            <p className="auth-form__error" role="alert">
              Please enter your billing address.
            </p>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
