import { useState, type FormEvent } from 'react';
import { gpDetailsSchema, typedPostcode, type GpDetails } from '@elmwood/domain';
import { zodFieldErrors } from '../../auth';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

export type GpDraft = Record<'practiceName' | 'addressLine1' | 'addressLine2' | 'cityOrTown' | 'postCode', string> & { email?: string };
export const EMPTY_GP_DRAFT: GpDraft = { practiceName: '', addressLine1: '', addressLine2: '', cityOrTown: '', postCode: '', email: '' };

const FIELDS: { name: keyof GpDraft & string; label: string; autoComplete?: string }[] = [
  { name: 'practiceName', label: 'GP practice name', autoComplete: 'organization' },
  { name: 'addressLine1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'addressLine2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { name: 'cityOrTown', label: 'City or town', autoComplete: 'address-level2' },
  { name: 'postCode', label: 'Postcode', autoComplete: 'postal-code' },
  // Letters to the GP go by email when the practice's address is known, else by post.
  { name: 'email', label: 'Practice email (optional)', autoComplete: 'off' },
];

interface GpFormProps {
  draft: GpDraft;
  onChange: (draft: GpDraft) => void;
  onDone: (details: GpDetails) => void;
}

/** Step 2 of the GP flow: the practice's name and address (SPEC §5 GP form); errors show once touched or sent. */
export function GpForm({ draft, onChange, onDone }: GpFormProps) {
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const parsed = gpDetailsSchema.safeParse({ ...draft, addressLine2: draft.addressLine2 || undefined, email: draft.email?.trim() || undefined });
  const errors = parsed.success ? {} : zodFieldErrors(parsed.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (parsed.success) onDone(parsed.data);
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Your GP practice">
      {FIELDS.map(({ name, label, autoComplete }) => (
        <TextField
          key={name}
          label={label}
          autoComplete={autoComplete}
          value={draft[name] ?? ''}
          onChange={(event) => onChange({ ...draft, [name]: name === 'postCode' ? typedPostcode(event.target.value) : event.target.value })}
          onBlur={() => setTouched((old) => new Set(old).add(name))}
          error={submitted || touched.has(name) ? (errors[name] ?? null) : null}
        />
      ))}
      <Button type="submit" size="lg" block>
        Continue
      </Button>
    </form>
  );
}
