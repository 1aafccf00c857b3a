import { useId, type RefObject } from 'react';
import {
  checkoutBlockedByStock,
  dosageTable,
  effectivePrice,
  formatPrice,
  frequencyOptions,
  OPTIONAL_DOSES_ROW,
  OUT_OF_STOCK_TAG,
  RECOMMENDED_TAG,
  recommendedOptionIndex,
  saveLabel,
  type Frequency,
  type Product,
} from '@elmwood/domain';
import { ProductPopupButton } from '../../catalog';
import { Button } from '../../../ui/Button';
import { Price } from '../../../ui/Price';
import { Tag } from '../../../ui/Tag';
import { inStock, type ProgrammeChoice } from '../hooks/useProgrammeChoice';

interface ProgrammeSummaryProps {
  products: readonly Product[];
  choice: ProgrammeChoice;
  tagRecommended: boolean;
  onProduct: (code: string) => void;
  onVariant: (code: string) => void;
  onFrequency: (frequency: Frequency) => void;
  onCheckout: () => void;
  checkingOut: boolean;
  error: string | null;
  checkoutButtonRef?: RefObject<HTMLButtonElement | null>;
}

function fromPrice(product: Product): number | null {
  const prices = product.variants.flatMap((variant) => variant.prices.filter((price) => price.freq === 30).map(effectivePrice));
  return prices.length ? Math.min(...prices) : null;
}

/** Treatment, dose and frequency, the dosage table, and the checkout button (SPEC §2 programme cart summary). */
export function ProgrammeSummary({
  products,
  choice,
  tagRecommended,
  onProduct,
  onVariant,
  onFrequency,
  onCheckout,
  checkingOut,
  error,
  checkoutButtonRef,
}: ProgrammeSummaryProps) {
  const ids = useId();
  const stock = products.map((product) => ({ outOfStock: !inStock(product) }));
  const recommended = tagRecommended ? recommendedOptionIndex(stock) : -1;
  const variant = choice.product?.variants.find((candidate) => candidate.code === choice.variantCode) ?? null;
  const frequencies = variant ? frequencyOptions(variant) : [];
  const table = choice.product
    ? dosageTable(
        choice.product.variants.map((step) => {
          const monthly = step.prices.find((price) => price.freq === 30);
          return { dosage: step.dosage, price: monthly ? effectivePrice(monthly) : 0, discounted: monthly?.discountedPrice != null };
        }),
      )
    : null;

  return (
    <section className="programme" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="programme__title">
        Choose your treatment
      </h2>
      <fieldset className="programme__group">
        <legend className="programme__legend">Treatment</legend>
        <div className="plan-options">
          {products.map((product, index) => {
            const outOfStock = stock[index]!.outOfStock;
            const from = fromPrice(product);
            return (
              <label key={product.code} className={choice.product?.code === product.code ? 'plan-option plan-option--checked' : 'plan-option'} data-disabled={outOfStock || undefined}>
                <input type="radio" name={`${ids}-product`} value={product.code} checked={choice.product?.code === product.code} disabled={outOfStock} onChange={() => onProduct(product.code)} />
                <img className="plan-option__image" src={product.images[0]?.sizes['1x'] ?? '/images/products/placeholder.svg'} alt="" width={64} height={64} />
                <span className="plan-option__text">
                  <span className="plan-option__name">{product.name}</span>
                  <span className="plan-option__summary">{product.shortDescription}</span>
                  {from !== null ? <span className="plan-option__from">From {formatPrice(from)} a month</span> : null}
                </span>
                <span className="plan-option__tags">
                  {outOfStock ? <Tag tone="neutral">{OUT_OF_STOCK_TAG}</Tag> : index === recommended ? <Tag>{RECOMMENDED_TAG}</Tag> : null}
                </span>
              </label>
            );
          })}
        </div>
        {choice.product ? <ProductPopupButton product={choice.product} label={`About ${choice.product.name}`} /> : null}
      </fieldset>

      {choice.product && choice.product.variants.length > 1 ? (
        <div className="programme__group">
          <label className="programme__legend" htmlFor={`${ids}-dose`}>
            Dose
          </label>
          <select id={`${ids}-dose`} className="programme__select" value={choice.variantCode ?? ''} onChange={(event) => onVariant(event.target.value)}>
            {choice.product.variants.map((option) => (
              <option key={option.code} value={option.code} disabled={!option.inStock}>
                {option.dosage}
                {option.inStock ? '' : ` (${OUT_OF_STOCK_TAG})`}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {frequencies.length > 0 ? (
        <fieldset className="programme__group">
          <legend className="programme__legend">How often</legend>
          <div className="frequency-options">
            {frequencies.map((option) => {
              const save = saveLabel(option.savePercent);
              return (
                <label key={option.freq} className={choice.frequency === option.freq ? 'plan-option plan-option--checked' : 'plan-option'}>
                  <input type="radio" name={`${ids}-frequency`} value={option.freq} checked={choice.frequency === option.freq} onChange={() => onFrequency(option.freq)} />
                  <span className="plan-option__text">
                    <span className="plan-option__name">{option.freq === 1 ? 'One-off purchase' : `${option.title} subscription`}</span>
                    <span className="plan-option__summary">
                      <Price amount={option.pricePerMonth} /> a month{option.freq === 90 ? `, ${formatPrice(option.discountedPrice ?? option.price)} every 3 months` : ''}
                    </span>
                  </span>
                  <span className="plan-option__tags">{save ? <Tag>{save}</Tag> : null}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}

      {table && table.rows.length > 1 ? (
        <table className="dosage-table">
          <caption>Your dosage per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Dosage</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.month}>
                <td>{row.month}</td>
                <td>{row.dosage}</td>
                <td>{row.price}</td>
              </tr>
            ))}
            {table.optionalRows.length > 0 ? (
              <tr>
                <th scope="row" colSpan={3} className="dosage-table__optional">
                  {OPTIONAL_DOSES_ROW}
                </th>
              </tr>
            ) : null}
            {table.optionalRows.map((row) => (
              <tr key={row.dosage}>
                <td />
                <td>{row.dosage}</td>
                <td>{row.price}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <p className="programme__delivery">Free delivery · Billed only after a clinician approves your treatment</p>
      {error ? (
        <p className="programme__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button ref={checkoutButtonRef} size="lg" block loading={checkingOut} disabled={checkoutBlockedByStock(stock) || !choice.variantCode} onClick={onCheckout}>
        Checkout
      </Button>
    </section>
  );
}
