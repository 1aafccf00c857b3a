import type { ProductVariant } from '@elmwood/domain';
import { Tag } from '../../../ui/Tag';

interface VariantPickerProps {
  variants: ProductVariant[];
  value: string | undefined;
  onChange: (code: string) => void;
}

function supplyText(variant: ProductVariant): string {
  // A pack sold only once (the free trial) is no monthly supply.
  const oneOffOnly = variant.prices.length > 0 && variant.prices.every((price) => price.freq === 1);
  return `${variant.quantityPerMonth} ${variant.quantityPerMonthType}${oneOffOnly ? ' in a one-off pack' : ' a month'}`;
}

/** Dose choice as radio cards: arrow keys move between doses; a dose out of stock cannot be chosen. */
export function VariantPicker({ variants, value, onChange }: VariantPickerProps) {
  if (variants.length === 1) {
    const only = variants[0]!;
    return (
      <p className="variant-single">
        <span className="variant-single__label">Dose</span> <strong>{only.name}</strong>{' '}
        <span className="muted">({supplyText(only)})</span>
        {!only.inStock ? (
          <>
            {' '}
            <Tag tone="neutral">Out of stock</Tag>
          </>
        ) : null}
      </p>
    );
  }
  return (
    <fieldset className="radio-cards">
      <legend className="radio-cards__legend">Choose a dose</legend>
      <div className="radio-cards__list">
        {variants.map((variant) => (
          <label key={variant.code} className="radio-card" data-disabled={!variant.inStock || undefined}>
            <input
              type="radio"
              name="variant"
              value={variant.code}
              checked={value === variant.code}
              disabled={!variant.inStock}
              onChange={() => onChange(variant.code)}
              className="radio-card__input"
            />
            <span className="radio-card__body">
              <span className="radio-card__title">{variant.name}</span>
              <span className="radio-card__meta">{supplyText(variant)}</span>
            </span>
            {!variant.inStock ? <Tag tone="neutral">Out of stock</Tag> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
