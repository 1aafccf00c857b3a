import { useState, type FormEvent } from 'react';
import { recordVerificationBodySchema, recordVideoVerificationBodySchema, verifiedBmi, VERIFICATION_METHOD_RULES, type VerificationMethod } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { TextAreaField, TextField } from '../../../ui/TextField';
import '../../../ui/Field.css';
import { FormError } from './FormError';

type OtherMethod = Exclude<VerificationMethod, 'video'>;
export interface VerificationValues {
  method: VerificationMethod;
  weightKg: number;
  heightCm: number;
  identityChecked: boolean;
  evidence: string;
}

const OTHER_METHODS = VERIFICATION_METHOD_RULES.filter((rule) => rule.method !== 'video');

/**
 * What the prescriber verified: the weight and height they read (kg, cm), whether they checked identity against the
 * photo ID, and the evidence; by video in the call panel, else by the method they choose. The BMI is shown as it will be
 * recorded. Checked with the domain's schema, so the messages are the API's.
 */
export function VerificationForm({ video, pending, error, submitLabel, onSubmit }: { video: boolean; pending: boolean; error: unknown; submitLabel: string; onSubmit: (values: VerificationValues) => void }) {
  const [method, setMethod] = useState<OtherMethod | ''>(video ? 'in_person' : '');
  const [weight, setWeight] = useState('');
  const [height, setHeight] = useState('');
  const [identity, setIdentity] = useState(false);
  const [evidence, setEvidence] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const rule = VERIFICATION_METHOD_RULES.find((entry) => entry.method === (video ? 'video' : method));
  const bmi = Number(weight) > 0 && Number(height) > 0 ? verifiedBmi(Number(weight), Number(height)) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { weightKg: weight, heightCm: height, identityChecked: identity, evidence };
    const parsed = video ? recordVideoVerificationBodySchema.safeParse(input) : recordVerificationBodySchema.safeParse({ ...input, method: method || undefined });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        found[field] ??= field === 'method' ? 'Choose how the measurements were verified.' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSubmit({ ...parsed.data, method: video ? 'video' : (method as OtherMethod) });
  };

  return (
    <form className="clinic-form" onSubmit={submit} noValidate>
      {!video ? (
        <div className="field">
          <label className="field__label" htmlFor="verification-method">
            How were they verified?
          </label>
          <select
            id="verification-method"
            className="field__input"
            value={method}
            aria-invalid={errors.method ? true : undefined}
            aria-describedby="verification-method-error"
            onChange={(event) => setMethod(event.target.value as OtherMethod)}
          >
            <option value="">Choose a method</option>
            {OTHER_METHODS.map((entry) => (
              <option key={entry.method} value={entry.method}>
                {entry.name}
              </option>
            ))}
          </select>
          <p className="field__error" id="verification-method-error" aria-live="polite">
            {errors.method ?? null}
          </p>
        </div>
      ) : null}
      <TextField label="Weight (kg)" hint={video ? 'As read from the scales on camera.' : undefined} inputMode="decimal" value={weight} onChange={(event) => setWeight(event.target.value)} error={errors.weightKg} />
      <TextField label="Height (cm)" inputMode="decimal" value={height} onChange={(event) => setHeight(event.target.value)} error={errors.heightCm} />
      <p className="clinic-muted" aria-live="polite">
        {bmi !== null ? `BMI from these measurements: ${bmi.toFixed(1)}` : 'The BMI is worked out from the weight and height.'}
      </p>
      <Checkbox label="Identity checked against the photo ID" checked={identity} onChange={(event) => setIdentity(event.target.checked)} />
      <TextAreaField label={rule?.evidenceRequired ? 'Evidence' : 'Evidence (optional)'} hint={rule?.evidenceHint} rows={3} maxLength={1000} value={evidence} onChange={(event) => setEvidence(event.target.value)} error={errors.evidence} />
      <FormError error={error} />
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
