import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice, frequencyOptions, type Frequency, type Product, type ProductVariant } from '@elmwood/domain';
import { useAddToBasket } from '../../cart';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { RadioCards } from '../../../ui/RadioCards';

/**
 * A product sold without a consultation (a supplement, a cosmetic): how often, where the product offers a choice,
 * then 'Add to basket', which opens the checkout at /basket.
 */
export function AddToBasket({ product, variant }: { product: Product; variant: ProductVariant }) {
  const navigate = useNavigate();
  const add = useAddToBasket();
  const headingId = useId();
  const options = frequencyOptions(variant).filter((option) => !option.outOfStock);
  const [chosen, setChosen] = useState<Frequency | null>(null);
  const frequency = options.find((option) => option.freq === chosen)?.freq ?? options[0]?.freq ?? null;

  const addToBasket = () => {
    if (frequency === null) return;
    add.mutate({ productCode: product.code, variantCode: variant.code, frequency }, { onSuccess: () => void navigate('/basket') });
  };

  return (
    <div className="add-to-basket">
      {options.length > 1 ? (
        <>
          <p id={headingId} className="product__section-title">
            How often
          </p>
          <RadioCards
            name="frequency"
            aria-labelledby={headingId}
            value={frequency === null ? null : String(frequency)}
            onChange={(value) => {
              add.reset();
              setChosen(Number(value) as Frequency);
            }}
            options={options.map((option) => ({
              value: String(option.freq),
              label: option.title,
              description: option.freq === 1 ? `${formatPrice(option.discountedPrice ?? option.price)} once` : `${formatPrice(option.discountedPrice ?? option.price)} a delivery`,
            }))}
          />
        </>
      ) : null}
      <Button size="lg" block loading={add.isPending} disabled={frequency === null} onClick={addToBasket}>
        Add to basket
      </Button>
      <ErrorMessage>{add.isError ? add.error.message : null}</ErrorMessage>
    </div>
  );
}
