import { fromPriceText, type Product } from '@elmwood/domain';
import { Link } from 'react-router';
import { Skeleton } from '../../../ui/Skeleton';
import { CATEGORY_LABELS, useProductsByCodes } from '../../catalog';
import { FEATURED_TREATMENTS } from '../treatments';

const CODES = FEATURED_TREATMENTS.map((treatment) => treatment.code);

/** 'From £x a month' of what a patient can buy on a plan (never the one-off trial pack as a monthly price). */
function priceLine(product: Product | undefined): string | null {
  return product ? fromPriceText(product.variants) : null;
}

/** Links to every featured treatment; the catalogue adds pictures and prices without holding up the page. */
export function TreatmentList({ headingId }: { headingId: string }) {
  const { data, isPending } = useProductsByCodes(CODES, { limit: CODES.length });
  const bySlug = new Map((data ?? []).map((product) => [product.slug, product]));

  return (
    <ul className="treatments" aria-labelledby={headingId}>
      {FEATURED_TREATMENTS.map((treatment) => {
        const product = bySlug.get(treatment.slug);
        const image = product?.images.find((i) => i.code === 'main') ?? product?.images[0];
        const price = priceLine(product);
        return (
          <li key={treatment.code} className="treatment-card">
            <span className="treatment-card__picture" aria-hidden="true">
              {image ? <img src={image.sizes['1x']} alt="" width={72} height={72} loading="lazy" decoding="async" /> : null}
            </span>
            <span className="treatment-card__text">
              <span className="treatment-card__category">{CATEGORY_LABELS[treatment.category]}</span>
              <Link to={`/products/${treatment.slug}`} className="treatment-card__link">
                {product?.name ?? treatment.name}
              </Link>
              <span className="treatment-card__price">
                {price ?? (isPending ? <Skeleton width="9em" height="1em" /> : null)}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
