import { dividePence, formatPrice, frequencyOptions, monthsPerDelivery, saveLabel, type FrequencyOption, type ProductVariant } from '@elmwood/domain';
import { Price } from '../../../ui/Price';
import { Tag } from '../../../ui/Tag';

function OptionPrice({ option }: { option: FrequencyOption }) {
  const months = monthsPerDelivery(option.freq);
  const paid = option.discountedPrice ?? option.price;
  const original = option.discountedPrice !== null ? option.price : null;
  if (option.freq === 1) {
    return (
      <>
        <Price amount={paid} original={original} /> one-off
      </>
    );
  }
  if (months === 1) {
    return (
      <>
        <Price amount={option.pricePerMonth} original={original} /> a month
      </>
    );
  }
  return (
    <>
      <Price amount={option.pricePerMonth} original={original === null ? null : dividePence(original, months)} /> a month,{' '}
      <span className="frequency-prices__billed">
        billed {formatPrice(paid)} every {months} months
      </span>
    </>
  );
}

/** Monthly, quarterly (shown per month) and one-off prices of one dose, with the saving against one-off. */
export function FrequencyPrices({ variant, headingId }: { variant: ProductVariant; headingId: string }) {
  const options = frequencyOptions(variant);
  if (options.length === 0) return <p className="muted">Prices for this dose are not available yet.</p>;
  return (
    <ul className="frequency-prices" aria-labelledby={headingId}>
      {options.map((option) => {
        const save = saveLabel(option.savePercent);
        return (
          <li key={option.freq} className="frequency-prices__row" data-out-of-stock={option.outOfStock || undefined}>
            <span className="frequency-prices__title">{option.title}</span>
            <span className="frequency-prices__price">
              <OptionPrice option={option} />
            </span>
            <span className="frequency-prices__tags">
              {option.outOfStock ? <Tag tone="neutral">Out of stock</Tag> : save ? <Tag>{save}</Tag> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
