import { useRef, useState, type FormEvent } from 'react';
import {
  changePasswordSchema,
  DELETION_COMPLETED_TEXT,
  DELETION_REMOVED_TEXT,
  DELETION_REQUESTED_TEXT,
  PASSWORD_MAX_LENGTH,
  type User,
} from '@elmwood/domain';
import { serverFieldErrors, useMe, zodFieldErrors } from '../../auth';
import { MessagePreferences } from '../../reminders';
import { CARE_EMAIL } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { TextField } from '../../../ui/TextField';
import { useChangePassword, useDeletionRequest, useKeptRecords, useRequestDeletion } from '../api';
import { DataExportCard } from '../components/DataExportCard';
import { KeptRecordsList } from '../components/KeptRecords';
import { formatUkDate } from '../dates';
import '../../../ui/page-styles/auth.css';
import '../../../ui/page-styles/account.css';

export const PASSWORD_CHANGED = 'Your password has been changed. You have been signed out on your other devices.';

/** /account/details — what the clinic holds about the patient, their password, a copy of their data, and asking to delete the account. */
export function Component() {
  useDocumentTitle('Your details');
  const me = useMe();
  if (!me.data) return <LoadStatus status={me.isError ? 'error' : 'loading'} onRetry={() => void me.refetch()} className="account-page container" />;
  return (
    <div className="account-page container account-page--form">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>Your details</h1>
      <PersonalDetails user={me.data} />
      <ChangePasswordCard />
      <MessagePreferences />
      <DataExportCard />
      <DeleteAccountCard />
    </div>
  );
}

function PersonalDetails({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['Name', `${user.firstName} ${user.lastName}`],
    ['Email', user.email],
    ['Mobile number', user.phoneNumber ?? 'Not given'],
    ['Date of birth', user.birthday ? formatUkDate(user.birthday) : 'Not given'],
  ];
  return (
    <section className="account-card" aria-labelledby="personal-details-title">
      <h2 id="personal-details-title">Personal details</h2>
      <dl className="details-list">
        {rows.map(([term, value]) => (
          <div key={term} className="details-list__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="account-muted">
        These are the details our clinicians prescribe against. If anything is wrong, email <a href={`mailto:${CARE_EMAIL}`}>{CARE_EMAIL}</a> and we will correct
        it.
      </p>
    </section>
  );
}

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordCard() {
  const change = useChangePassword();
  const [fields, setFields] = useState(EMPTY_PASSWORDS);
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const parsed = changePasswordSchema.safeParse(fields);
  const clientErrors = submitted && !parsed.success ? zodFieldErrors(parsed.error) : {};
  const serverErrors = serverFieldErrors(change.error);
  const errorFor = (field: keyof typeof EMPTY_PASSWORDS) => clientErrors[field] ?? serverErrors[field] ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setDone(false);
    if (!parsed.success) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        setDone(true);
        setSubmitted(false);
        setFields(EMPTY_PASSWORDS);
      },
    });
  };
  const input = (field: keyof typeof EMPTY_PASSWORDS, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      maxLength={PASSWORD_MAX_LENGTH}
      value={fields[field]}
      hint={hint}
      onChange={(event) => {
        change.reset();
        setFields((current) => ({ ...current, [field]: event.target.value }));
      }}
      error={errorFor(field)}
    />
  );

  return (
    <section className="account-card" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="change-password-title">
        {input('currentPassword', 'Current password', 'current-password')}
        {input('newPassword', 'New password', 'new-password', 'At least 8 characters.')}
        {input('confirmPassword', 'Confirm new password', 'new-password')}
        {change.isError && Object.keys(serverErrors).length === 0 ? (
          <p className="auth-form__error" role="alert">
            {change.error.message}
          </p>
        ) : null}
        <p role="status" className="details-status">
          {done ? PASSWORD_CHANGED : ''}
        </p>
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </section>
  );
}

function DeleteAccountCard() {
  const request = useDeletionRequest();
  const kept = useKeptRecords();
  const ask = useRequestDeletion();
  const [confirming, setConfirming] = useState(false);
  // The button that opened the dialog is gone once the request is made: focus goes to what replaced it.
  const made = useRef<HTMLDivElement>(null);
  const state = request.data ?? null;
  return (
    <section className="account-card" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete my account</h2>
      {!request.isSuccess || !kept.isSuccess ? (
        <LoadStatus
          status={request.isError || kept.isError ? 'error' : 'loading'}
          onRetry={() => {
            if (request.isError) void request.refetch();
            if (kept.isError) void kept.refetch();
          }}
        />
      ) : (
        <>
          <KeptRecordsList view={kept.data} />
          <h3 className="details-subheading">What we delete</h3>
          <p>{DELETION_REMOVED_TEXT}</p>
        </>
      )}
      {!request.isSuccess || !kept.isSuccess ? null : state ? (
        <div className="details-status" role="status" ref={made} tabIndex={-1}>
          <p>
            <strong>{state.state === 'completed' ? 'Deleted' : `Requested on ${formatUkDate(state.requestedAt)}`}</strong>
          </p>
          <p>{state.state === 'completed' ? DELETION_COMPLETED_TEXT : DELETION_REQUESTED_TEXT}</p>
        </div>
      ) : (
        <Dialog
          title="Delete your account?"
          description="Our team will confirm by email. Records the law requires us to keep are kept; everything else is deleted."
          open={confirming}
          onOpenChange={setConfirming}
          trigger={<Button variant="secondary">Ask us to delete my account</Button>}
          footer={
            <>
              <Button loading={ask.isPending} onClick={() => ask.mutate(undefined, {
                    onSuccess: () => {
                      setConfirming(false);
                      requestAnimationFrame(() => made.current?.focus());
                    },
                  })}>
                Yes, delete my account
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep my account
              </Button>
            </>
          }
        >
          <ErrorMessage>{ask.isError ? ask.error.message : null}</ErrorMessage>
        </Dialog>
      )}
    </section>
  );
}
