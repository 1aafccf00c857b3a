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

/** A labelled input: the label always visible, hint and error tied to the field for assistive technology. */
export function TextField({ label, hint, error, suffix, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = (
    <input
      id={id}
      className={cx('field__input', suffix && 'field__input--suffixed')}
      aria-invalid={error ? true : undefined}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      {...input}
    />
  );
  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
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
      <ErrorMessage id={errorId} className="field__error">
        {error}
      </ErrorMessage>
    </div>
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
