import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';
import './Checkbox.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  /** The accessible name; keep it short. */
  label: ReactNode;
  /** Extra words under the label, read out as the description rather than as part of the name. */
  description?: ReactNode;
  /** 'card' draws a bordered card whose whole area ticks the box (answer lists); 'plain' is a box and its label. */
  variant?: 'plain' | 'card';
}

/** A native checkbox with a visible label: Space toggles it, and the label and card are click targets. */
export function Checkbox({ label, description, variant = 'plain', className, id, 'aria-describedby': describedBy, ...input }: CheckboxProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={cx('checkbox', variant === 'card' && 'checkbox--card', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="checkbox__input"
        aria-describedby={[descriptionId, describedBy].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      <span className="checkbox__text">
        <label htmlFor={inputId} className="checkbox__label">
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className="checkbox__description">
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
