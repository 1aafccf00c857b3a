import { Link } from 'react-router';
import { fromMonthlyPrice, type Product } from '@elmwood/domain';
import { useAddToBasket } from '../../cart';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Price } from '../../../ui/Price';

/**
 * Supplements beside the treatment: 'Add to basket' puts one, monthly, in the patient's basket (the weight-loss
 * basket when checkout has begun; the programme's checkout carries a basket of supplements along otherwise).
 */
export function SupplementOffer({ slug, products }: { slug: string; products: readonly Product[] }) {
  if (products.length === 0) return null;
  return (
    <section className="rec-section supplement-offer" aria-labelledby="supplements-title">
      <h2 id="supplements-title">Add to your programme</h2>
      <ul className="supplement-offer__list">
        {products.map((product) => (
          <Supplement key={product.code} product={product} slug={slug} />
        ))}
      </ul>
    </section>
  );
}

function Supplement({ product, slug }: { product: Product; slug: string }) {
  const add = useAddToBasket();
  const variant = product.variants.find((candidate) => candidate.inStock && candidate.prices.some((price) => price.freq === 30));
  const from = fromMonthlyPrice(product.variants);
  return (
    <li className="supplement-offer__item">
      <h3>{product.name}</h3>
      <p>{product.shortDescription}</p>
      {from !== null ? (
        <p>
          <Price amount={from} /> a month · No prescription needed
        </p>
      ) : null}
      {add.isSuccess ? (
        <p role="status">
          {product.name} is in your basket. <Link to={`/n/${slug}/order`}>Go to checkout</Link>
        </p>
      ) : variant ? (
        <Button variant="secondary" loading={add.isPending} onClick={() => add.mutate({ productCode: product.code, variantCode: variant.code, frequency: 30 })}>
          Add {product.name} to basket
        </Button>
      ) : null}
      <ErrorMessage>{add.isError ? add.error.message : null}</ErrorMessage>
    </li>
  );
}
