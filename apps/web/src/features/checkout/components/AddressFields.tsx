import { useState } from 'react';
import type { z } from 'zod';
import { zodFieldErrors } from '../../auth';
import { TextField } from '../../../ui/TextField';

export type AddressDraft = Record<'firstName' | 'lastName' | 'company' | 'street' | 'city' | 'postcode' | 'phoneNumber', string>;

export const blankPlace = { company: '', street: '', city: '', postcode: '' } as const;

/** A draft's messages under `schema` (delivery asks for a phone, billing does not). */
export function draftErrors(schema: z.ZodType, draft: AddressDraft): Record<string, string> {
  const parsed = schema.safeParse({ ...draft, countryCode: 'GB' });
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

interface AddressFieldsProps {
  draft: AddressDraft;
  onChange: (draft: AddressDraft) => void;
  errors: Record<string, string>;
  /** Every message shows after a submit; before it, a field's message shows once it was left. */
  submitted: boolean;
  /** 'shipping' or 'billing', for the browser's autofill sections. */
  section: 'shipping' | 'billing';
  withPhone: boolean;
}

/** The address editor's fields (SPEC §3 Address): names, two lines, town, postcode and, for delivery, the phone. */
export function AddressFields({ draft, onChange, errors, submitted, section, withPhone }: AddressFieldsProps) {
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const field = (name: keyof AddressDraft, label: string, autoComplete: string, extra: { type?: string; hint?: string } = {}) => (
    <TextField
      label={label}
      value={draft[name]}
      onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
      onBlur={() => setTouched((old) => new Set(old).add(name))}
      error={submitted || touched.has(name) ? (errors[name] ?? null) : null}
      autoComplete={`section-${section} ${section} ${autoComplete}`}
      {...extra}
    />
  );
  return (
    <>
      {field('firstName', 'First name', 'given-name')}
      {field('lastName', 'Last name', 'family-name')}
      {field('company', 'Address line 1', 'address-line1')}
      {field('street', 'Address line 2 (optional)', 'address-line2')}
      {field('city', 'Town or city', 'address-level2')}
      {field('postcode', 'Postcode', 'postal-code')}
      {withPhone ? field('phoneNumber', 'Phone number', 'tel', { type: 'tel', hint: 'For delivery updates from the courier.' }) : null}
    </>
  );
}
