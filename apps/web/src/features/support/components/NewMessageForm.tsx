import { useId, useRef, useState, type FormEvent } from 'react';
import { newSupportThreadSchema, SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@elmwood/domain';
import { serverFieldErrors, zodFieldErrors } from '../../auth';
import { Button } from '../../../ui/Button';
import { TextAreaField, TextField } from '../../../ui/TextField';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { uploadSupportPhoto, useSendSupportMessage } from '../api';

export const MESSAGE_SENT = 'Thank you, your message has been sent. We reply within one working day; you will find our answer below.';
const EMPTY = { subject: '', message: '' };

/** 'Subject' and 'Message': checked here with the API's own rules, sent once whatever the retries. */
export function NewMessageForm() {
  const send = useSendSupportMessage();
  const [fields, setFields] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  // One key per message: a retry after a lost reply sends the same key, and the server finds the first send.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const photoInput = useRef<HTMLInputElement>(null);
  const photoFieldId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  // Uploaded once: a retried send reuses it rather than uploading the photo again.
  const [photoId, setPhotoId] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const parsed = newSupportThreadSchema.safeParse(fields);
  const clientErrors = submitted && !parsed.success ? zodFieldErrors(parsed.error) : {};
  const serverErrors = serverFieldErrors(send.error);
  const errorFor = (field: keyof typeof EMPTY) => clientErrors[field] ?? serverErrors[field] ?? null;

  const choosePhoto = (file: File | null) => {
    setPhoto(file);
    setPhotoId(null);
    setPhotoError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSent(false);
    if (!parsed.success) return;
    let attached = photoId;
    if (photo && !attached) {
      setUploading(true);
      try {
        attached = await uploadSupportPhoto(photo);
        setPhotoId(attached);
      } catch (error) {
        setPhotoError(error instanceof Error ? error.message : 'Your photo did not upload.');
        return;
      } finally {
        setUploading(false);
      }
    }
    send.mutate(
      { message: attached ? { ...parsed.data, photoId: attached } : parsed.data, key },
      {
        onSuccess: () => {
          setSent(true);
          setSubmitted(false);
          setFields(EMPTY);
          choosePhoto(null);
          if (photoInput.current) photoInput.current.value = '';
          setKey(crypto.randomUUID());
        },
      },
    );
  };
  const change = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    send.reset();
    setSent(false);
    setFields((current) => ({ ...current, [field]: event.target.value }));
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="support-form-title">
      <TextField label="Subject" value={fields.subject} maxLength={SUPPORT_SUBJECT_MAX} onChange={change('subject')} error={errorFor('subject')} />
      <TextAreaField label="Message" value={fields.message} maxLength={SUPPORT_MESSAGE_MAX} onChange={change('message')} error={errorFor('message')} rows={6} />
      <div className="field">
        <label className="field__label" htmlFor={photoFieldId}>
          Photo (optional)
        </label>
        <p id={`${photoFieldId}-hint`} className="field__hint">
          A photo can help us help you, for example of a damaged parcel. Only our care team and clinicians see it.
        </p>
        <input
          id={photoFieldId}
          ref={photoInput}
          type="file"
          accept="image/*"
          aria-describedby={`${photoFieldId}-hint${photoError ? ` ${photoFieldId}-error` : ''}`}
          aria-invalid={photoError ? true : undefined}
          onChange={(event) => choosePhoto(event.target.files?.[0] ?? null)}
        />
        <ErrorMessage id={`${photoFieldId}-error`} className="field__error">
          {photoError}
        </ErrorMessage>
      </div>
      {send.isError && Object.keys(serverErrors).length === 0 ? (
        <p className="auth-form__error" role="alert">
          {send.error.message}
        </p>
      ) : null}
      <p role="status" className="details-status">
        {sent ? MESSAGE_SENT : ''}
      </p>
      <Button type="submit" loading={uploading || send.isPending}>
        Send message
      </Button>
    </form>
  );
}
