import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';
import { ErrorMessage } from './ErrorMessage';
import './Field.css';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  hint?: string;
  /** Shown under the field, linked to it and announced. */
  error?: string | null;
  /** A unit shown inside the box at its end ('kg'); decorative, so say the unit in the label too. */
  suffix?: string;
}

/** The ids that tie a field's hint and error to its control, for assistive technology. */
function useFieldIds(hint: string | undefined, error: string | null | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

interface FieldFrameProps {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: string;
  error?: string | null;
  className?: string;
  children: ReactNode;
}

/** Label above, hint under it, the control, then the announced error: the frame every text field shares. */
function FieldFrame({ ids, label, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      {hint ? (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorMessage id={ids.errorId} className="field__error">
        {error}
      </ErrorMessage>
    </div>
  );
}

/** A labelled input: the label always visible, hint and error tied to the field for assistive technology. */
export function TextField({ label, hint, error, suffix, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  const control = (
    <input
      id={ids.id}
      className={cx('field__input', suffix && 'field__input--suffixed')}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      {...input}
    />
  );
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      {suffix ? (
        <div className="field__box">
          {control}
          <span className="field__suffix" aria-hidden="true">
            {suffix}
          </span>
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | null;
}

export function CheckboxField({ label, error, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx('field field--checkbox', className)}>
      <div className="field__checkbox-row">
        <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={errorId} {...input} />
        <label htmlFor={id}>{label}</label>
      </div>
      <ErrorMessage id={errorId} className="field__error">
        {error}
      </ErrorMessage>
    </div>
  );
}

interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string;
  hint?: string;
  error?: string | null;
}

/** A labelled multi-line box, with hint and error tied to it as TextField does. */
export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={ids.id}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
    </FieldFrame>
  );
}
