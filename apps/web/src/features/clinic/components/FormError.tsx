import { isApiError } from '../../../lib/api';

/** A form's failure, announced at once (role=alert) in the API's words when it sent some. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = isApiError(error) ? error.message : 'Something went wrong on our side. Please try again in a moment.';
  return (
    <p className="clinic-form-error" role="alert">
      {message}
    </p>
  );
}
