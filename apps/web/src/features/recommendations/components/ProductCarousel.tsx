import { fromMonthlyPrice, OUT_OF_STOCK_TAG, ratingOutOfFive, ratingSource, reviewGroupOf, type Product } from '@elmwood/domain';
import { ProductPopupButton } from '../../catalog';
import { Carousel } from '../../../ui/Carousel';
import { Price } from '../../../ui/Price';
import { Stars } from '../../../ui/Stars';
import { prescriptionBullet } from '../prescriptionBullet';
import { useGroupRating, useReviewsSource } from '../reviews';

/** The doses on offer, lowest first as the catalogue lists them; a dose sold only as a one-off pack is no step. */
function recommendedDoses(product: Product): string[] {
  const doses = product.variants.filter((variant) => variant.inStock && variant.prices.some((price) => price.freq === 30)).map((variant) => variant.dosage);
  return [...new Set(doses)];
}

function SlideRating({ productCode }: { productCode: string }) {
  const group = reviewGroupOf(productCode);
  const rating = useGroupRating(group);
  const source = useReviewsSource();
  const said = rating.data && source.data ? ratingSource(source.data.platform, rating.data.reviews) : null;
  if (!group || !rating.data || !said) return null;
  return (
    <p className="product-slide__rating">
      <Stars rating={rating.data.rating} size="sm" /> <span aria-hidden="true">{ratingOutOfFive(rating.data.rating)}</span> <span>{said.short}</span>
    </p>
  );
}

/** One recommended treatment (SPEC §3 recommendation carousel item): picture, title, price, bullets, doses, more information. */
function ProductSlide({ product }: { product: Product }) {
  const from = fromMonthlyPrice(product.variants);
  const doses = recommendedDoses(product);
  return (
    <article className="product-slide" aria-labelledby={`slide-${product.code}`}>
      <img className="product-slide__image" src={product.images[0]?.sizes['1x'] ?? '/images/products/placeholder.svg'} alt="" width={96} height={96} />
      <h3 id={`slide-${product.code}`} className="product-slide__title">
        {product.name}
      </h3>
      <SlideRating productCode={product.code} />
      <p className="product-slide__price">
        {from !== null ? (
          <>
            From <Price amount={from} /> a month
          </>
        ) : (
          OUT_OF_STOCK_TAG
        )}
      </p>
      <ul className="product-slide__bullets">
        <li>{product.shortDescription}</li>
        <li>{prescriptionBullet(product)}</li>
        <li>Free delivery in plain packaging</li>
      </ul>
      {doses.length > 0 ? (
        <p className="product-slide__doses">
          <span className="product-slide__doses-label">Doses:</span> {doses.join(', ')}
        </p>
      ) : null}
      <ProductPopupButton product={product} label={`More about ${product.name}`} />
    </article>
  );
}

/** The recommended treatments side by side: 2.1 slides, 1.3 below 568 px (SPEC §9). */
export function ProductCarousel({ products }: { products: readonly Product[] }) {
  if (products.length === 0) return null;
  return (
    <Carousel
      className="carousel--products"
      label="Recommended treatments"
      slideNoun="Treatment"
      slides={products.map((product) => (
        <ProductSlide key={product.code} product={product} />
      ))}
    />
  );
}
