import { useId, type ReactNode, type RefObject } from 'react';
import {
  checkoutBlockedByStock,
  dividePence,
  doseSteps,
  formatPrice,
  frequencyOptions,
  isSubscription,
  fromMonthlyPrice,
  monthsPerDelivery,
  OUT_OF_STOCK_TAG,
  RECOMMENDED_TAG,
  recommendedOptionIndex,
  saveLabel,
  type FrequencyOption,
  type Frequency,
  type Product,
} from '@elmwood/domain';
import { ProductPopupButton } from '../../catalog';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { Price } from '../../../ui/Price';
import { Tag } from '../../../ui/Tag';
import { inStock, type ProgrammeChoice } from '../hooks/useProgrammeChoice';
import { DosagePerMonthTable } from './DosagePerMonthTable';

interface ProgrammeSummaryProps {
  products: readonly Product[];
  choice: ProgrammeChoice;
  /** Weight-loss lists tag their first in-stock untagged option 'Recommended' (SPEC §4). */
  tagRecommended: boolean;
  /** Titrating treatments show the dosage per month table. */
  showDosageTable: boolean;
  /**
   * The doses the consultation allows, by product (a new patient: the starting dose only). The choice offers only
   * these; the dosage table still shows the whole plan.
   */
  allowedVariants?: Record<string, string[]>;
  /** The 'gift' bucket of the recurring-discount test: £20 off the table's 2nd and 3rd months (SPEC §9). */
  recurringGift?: boolean;
  onProduct: (code: string) => void;
  onVariant: (code: string) => void;
  onFrequency: (frequency: Frequency) => void;
  onCheckout: () => void;
  checkingOut: boolean;
  /** Why checkout could not start, as the server said it; shown as an alert above the button. */
  error: ReactNode;
  checkoutButtonRef?: RefObject<HTMLButtonElement | null>;
}

const FREQUENCY_NAMES: Record<Frequency, string> = { 30: 'Monthly subscription', 90: 'Quarterly subscription', 1: 'One-off purchase' };

function FrequencyCard({ option, name, checked, onChoose }: { option: FrequencyOption; name: string; checked: boolean; onChoose: () => void }) {
  const save = saveLabel(option.savePercent);
  const original = option.discountedPrice !== null ? dividePence(option.price, monthsPerDelivery(option.freq)) : null;
  return (
    <label className={cx('plan-option', checked && 'plan-option--checked')}>
      <input type="radio" name={name} value={option.freq} checked={checked} onChange={onChoose} />
      <span className="plan-option__text">
        <span className="plan-option__name">{FREQUENCY_NAMES[option.freq]}</span>
        <span className="plan-option__summary">
          {option.freq === 1 ? (
            // A one-off is paid once: never 'a month'.
            <>
              <Price amount={option.discountedPrice ?? option.price} original={option.discountedPrice !== null ? option.price : null} /> one-off
            </>
          ) : (
            <>
              <Price amount={option.pricePerMonth} original={original} /> a month
              {option.freq === 90 ? `, ${formatPrice(option.discountedPrice ?? option.price)} every 3 months` : ''}
              {option.freq === 30 ? ', cancel anytime' : ''}
            </>
          )}
        </span>
      </span>
      {save ? (
        <span className="plan-option__tags">
          <Tag>{save}</Tag>
        </span>
      ) : null}
    </label>
  );
}

/** Treatment, dose and frequency, the dosage table, and the checkout button (SPEC §2 programme cart summary). */
export function ProgrammeSummary({
  products,
  choice,
  tagRecommended,
  showDosageTable,
  allowedVariants = {},
  recurringGift = false,
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
  const options = choice.variant ? frequencyOptions(choice.variant) : [];
  const subscriptions = options.filter((option) => isSubscription(option.freq));
  const oneOff = options.find((option) => !isSubscription(option.freq));
  const fullProduct = products.find((product) => product.code === choice.product?.code) ?? choice.product;
  const steps = showDosageTable && fullProduct && choice.frequency !== null ? doseSteps(fullProduct.variants, choice.frequency) : null;
  const allowed = choice.product ? allowedVariants[choice.product.code] : undefined;
  const doseOptions = choice.product ? choice.product.variants.filter((variant) => !allowed || allowed.includes(variant.code)) : [];
  const frequencyName = `${ids}-frequency`;

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
            const from = fromMonthlyPrice(product.variants);
            const checked = choice.product?.code === product.code;
            return (
              <label key={product.code} className={cx('plan-option', checked && 'plan-option--checked')} data-disabled={outOfStock || undefined}>
                <input type="radio" name={`${ids}-product`} value={product.code} checked={checked} disabled={outOfStock} onChange={() => onProduct(product.code)} />
                <img className="plan-option__image" src={product.images[0]?.sizes['1x'] ?? '/images/products/placeholder.svg'} alt="" width={64} height={64} />
                <span className="plan-option__text">
                  <span className="plan-option__tags">
                    {outOfStock ? <Tag tone="neutral">{OUT_OF_STOCK_TAG}</Tag> : index === recommended ? <Tag>{RECOMMENDED_TAG}</Tag> : null}
                  </span>
                  <span className="plan-option__name">{product.name}</span>
                  <span className="plan-option__summary">{product.shortDescription}</span>
                  {from !== null ? <span className="plan-option__from">From {formatPrice(from)} a month</span> : null}
                </span>
              </label>
            );
          })}
        </div>
        {choice.product ? <ProductPopupButton product={choice.product} label={`About ${choice.product.name}`} /> : null}
      </fieldset>

      {allowed && doseOptions.length === 1 && choice.variant ? (
        <div className="programme__group" role="group" aria-labelledby={`${ids}-dose-label`}>
          <p id={`${ids}-dose-label`} className="programme__legend">
            Dose
          </p>
          <p className="programme__dose">{choice.variant.name}</p>
          <p className="programme__dose-note">
            This is the dose your consultation allows. It can only go up after a check-in, when your prescriber agrees it is right for you.
          </p>
        </div>
      ) : doseOptions.length > 1 ? (
        <div className="programme__group">
          <label className="programme__legend" htmlFor={`${ids}-dose`}>
            Dose
          </label>
          <select id={`${ids}-dose`} className="programme__select" value={choice.variant?.code ?? ''} onChange={(event) => onVariant(event.target.value)}>
            {doseOptions.map((option) => (
              <option key={option.code} value={option.code} disabled={!option.inStock}>
                {option.name}
                {option.inStock ? '' : ` (${OUT_OF_STOCK_TAG})`}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {options.length > 0 ? (
        <fieldset className="programme__group">
          <legend className="programme__legend">How often</legend>
          {subscriptions.length > 0 ? (
            <div
              className={cx('frequency-group', choice.frequency !== null && isSubscription(choice.frequency) && 'frequency-group--chosen')}
              role="group"
              aria-labelledby={`${ids}-subscribe`}
            >
              <p id={`${ids}-subscribe`} className="frequency-group__title">
                Subscribe and save
              </p>
              <div className="frequency-options">
                {subscriptions.map((option) => (
                  <FrequencyCard key={option.freq} option={option} name={frequencyName} checked={choice.frequency === option.freq} onChoose={() => onFrequency(option.freq)} />
                ))}
              </div>
            </div>
          ) : null}
          {oneOff ? (
            <div className="frequency-options">
              <FrequencyCard option={oneOff} name={frequencyName} checked={choice.frequency === oneOff.freq} onChoose={() => onFrequency(oneOff.freq)} />
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {steps ? <DosagePerMonthTable steps={steps} recurringGift={recurringGift} /> : null}

      <p className="programme__delivery">Free delivery · Billed only after a clinician approves your treatment</p>
      <div className="programme__error" role="alert">
        {error}
      </div>
      <Button
        ref={checkoutButtonRef}
        size="lg"
        block
        loading={checkingOut}
        disabled={checkoutBlockedByStock(stock) || !choice.variant || choice.frequency === null}
        onClick={onCheckout}
      >
        Checkout
      </Button>
    </section>
  );
}
