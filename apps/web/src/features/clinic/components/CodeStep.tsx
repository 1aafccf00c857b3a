import { useState, type FormEvent } from 'react';
import type { StaffSessionReply } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useStaffTotp } from '../api';
import { FormError } from './FormError';

/** The second factor: a code from the authenticator, or one of the member's recovery codes. */
export function CodeStep({ onDone, hint }: { onDone: (reply: StaffSessionReply) => void; hint: string }) {
  const totp = useStaffTotp();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    totp.mutate(code.replace(/\s+/g, ''), { onSuccess: onDone });
  };
  return (
    <form className="clinic-form" onSubmit={submit} noValidate>
      <TextField
        label="Authentication code"
        hint={hint}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormError error={totp.error} />
      <Button type="submit" loading={totp.isPending} disabled={!code.trim()}>
        Verify
      </Button>
    </form>
  );
}
