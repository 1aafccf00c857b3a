import { useState, type FormEvent } from 'react';
import type { StaffLoginReply } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useStaffLogin } from '../api';
import { FormError } from './FormError';

export function PasswordStep({ onDone }: { onDone: (reply: StaffLoginReply) => void }) {
  const login = useStaffLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password }, { onSuccess: onDone });
  };
  return (
    <form className="clinic-form" onSubmit={submit} noValidate>
      <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormError error={login.error} />
      <Button type="submit" loading={login.isPending} disabled={!email || !password}>
        Continue
      </Button>
    </form>
  );
}
