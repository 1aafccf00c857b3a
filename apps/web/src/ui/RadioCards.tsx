import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import './RadioCards.css';

export interface RadioCardOption {
  value: string;
  /** The accessible name of the card. */
  label: ReactNode;
  /** Extra words under the label, read out as the card's description. */
  description?: ReactNode;
  /** A picture on the card; decorative unless given alt text. */
  image?: { src: string; alt?: string };
  /** Something beside the label, such as a tag. */
  aside?: ReactNode;
  disabled?: boolean;
}

interface RadioCardsProps {
  /** Groups the native radios, so arrow keys move between the cards and Tab enters and leaves the set. */
  name: string;
  options: readonly RadioCardOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** Names the set when it is not already inside a fieldset with a legend. */
  'aria-labelledby'?: string;
  /** An error or hint that belongs to the whole set. */
  'aria-describedby'?: string;
  layout?: 'list' | 'grid';
  className?: string;
}

/**
 * One choice from a list, drawn as cards. Native radio inputs keep the keyboard behaviour people expect
 * (arrows move and choose, Space chooses); the whole card is the click target.
 */
export function RadioCards({
  name,
  options,
  value,
  onChange,
  'aria-labelledby': labelledBy,
  'aria-describedby': describedBy,
  layout = 'list',
  className,
}: RadioCardsProps) {
  const baseId = useId();
  return (
    <div
      className={cx('radio-cards', layout === 'grid' && 'radio-cards--grid', className)}
      role={labelledBy ? 'radiogroup' : undefined}
      aria-labelledby={labelledBy}
    >
      {options.map((option, index) => {
        const id = `${baseId}-${index}`;
        const descriptionId = option.description ? `${id}-description` : undefined;
        return (
          <div key={option.value} className={cx('radio-card', option.image && 'radio-card--image')}>
            <input
              id={id}
              className="radio-card__input"
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              aria-describedby={[descriptionId, describedBy].filter(Boolean).join(' ') || undefined}
            />
            {option.image ? (
              <img className="radio-card__image" src={option.image.src} alt={option.image.alt ?? ''} width={96} height={96} />
            ) : null}
            <span className="radio-card__text">
              <label htmlFor={id} className="radio-card__label">
                {option.label}
              </label>
              {option.description ? (
                <span id={descriptionId} className="radio-card__description">
                  {option.description}
                </span>
              ) : null}
            </span>
            {option.aside ? <span className="radio-card__aside">{option.aside}</span> : null}
          </div>
        );
      })}
    </div>
  );
}
