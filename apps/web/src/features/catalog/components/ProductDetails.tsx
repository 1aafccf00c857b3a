import { isBoughtDirectly, type Product } from '@elmwood/domain';
import { useId, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../ui/Button';
import { prefetchSanitizer, SafeHtml } from '../../../ui/SafeHtml';
import { Tag } from '../../../ui/Tag';
import { CATEGORY_LABELS, consultationPath } from '../consultation';
import { useVariantSelection } from '../hooks/useVariantSelection';
import { backgroundTint, isProductOutOfStock } from '../productContent';
import { AddToBasket } from './AddToBasket';
import { DoseTable } from './DoseTable';
import { FrequencyPrices } from './FrequencyPrices';
import { ProductGallery } from './ProductGallery';
import { ProductPopupButton } from './ProductPopupButton';
import { VariantPicker } from './VariantPicker';
import './ProductDetails.css';

const TRUST_POINTS = ['Free, discreet delivery in plain packaging'] as const;

// A product's description is markup: its sanitiser is fetched while the product itself is, not after it.
prefetchSanitizer();

export function ProductDetails({ product }: { product: Product }) {
  const { variant, choose } = useVariantSelection(product);
  const outOfStock = isProductOutOfStock(product);
  const tint = backgroundTint(product);
  const pricesHeadingId = useId();
  const consultation = consultationPath(product.category);

  return (
    <article className="product" style={tint ? ({ '--product-tint': tint } as CSSProperties) : undefined}>
      <div className="container product__grid">
        <div className="product__media">
          <ProductGallery product={product} priority className="product__gallery" />
        </div>

        <div className="product__summary">
          <p className="product__eyebrow">{CATEGORY_LABELS[product.category]}</p>
          <div className="product__title-row">
            <h1 className="product__name">{product.name}</h1>
            {outOfStock ? <Tag tone="neutral">Out of stock</Tag> : null}
          </div>
          <p className="product__lead">{product.shortDescription}</p>

          {product.isPrescriptionOnly ? (
            <div className="product__rx" role="note">
              <strong>Prescription-only medicine.</strong> A UK clinician must approve it for you first. Start with a
              short online consultation; we only take payment once a clinician has approved your order.
            </div>
          ) : null}

          {product.isPrescriptionOnly ? (
            <section className="product__prices" aria-labelledby={pricesHeadingId}>
              <h2 id={pricesHeadingId} className="product__section-title">
                Doses and prices
              </h2>
              <p className="product__price-note">
                For information: the prescriber decides with you whether this medicine suits you, and at which dose.
              </p>
              {product.variants.length > 0 ? <DoseTable product={product} headingId={pricesHeadingId} /> : <p className="muted">This treatment has no prices yet.</p>}
              <p className="product__price-note">Subscriptions can be cancelled at any time. Delivery is free.</p>
            </section>
          ) : null}

          {!product.isPrescriptionOnly && product.variants.length > 0 ? (
            <VariantPicker variants={product.variants} value={variant?.code} onChange={choose} />
          ) : null}

          {product.isPrescriptionOnly ? null : (
          <section className="product__prices" aria-labelledby={pricesHeadingId}>
            <h2 id={pricesHeadingId} className="product__section-title">
              {variant && product.variants.length > 1 ? `Price for ${variant.name}` : 'Price'}
            </h2>
            {variant ? (
              <FrequencyPrices variant={variant} headingId={pricesHeadingId} />
            ) : (
              <p className="muted">This treatment has no prices yet.</p>
            )}
            <p className="product__price-note">
              Subscriptions can be cancelled at any time. Delivery is free.
            </p>
          </section>
          )}

          <div className="product__actions">
            {outOfStock ? (
              <Button size="lg" block disabled>
                Out of stock
              </Button>
            ) : isBoughtDirectly(product) && variant ? (
              <AddToBasket product={product} variant={variant} />
            ) : (
              <ButtonLink to={consultation} size="lg" block>
                {product.isPrescriptionOnly ? 'Start your consultation' : 'Get started'}
              </ButtonLink>
            )}
            <ProductPopupButton product={product} onProductPage />
          </div>

          <ul className="product__trust">
            {TRUST_POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
            {/* Nothing to prescribe in a supplement or cosmetic: a pharmacist checks and releases those orders. */}
            <li>{isBoughtDirectly(product) ? 'A UK pharmacist checks every order' : 'A UK clinician reviews every order'}</li>
            <li>
              <Link to={product.category === 'erectile-dysfunction' ? '/pages/ed-money-back-guarantee' : '/pages/guarantee'}>
                180-day money-back guarantee
              </Link>
            </li>
          </ul>
        </div>
      </div>

      <section className="container product__about" aria-labelledby={`${pricesHeadingId}-about`}>
        <h2 id={`${pricesHeadingId}-about`}>About {product.name}</h2>
        <SafeHtml html={product.description} />
        {product.expandedInfo ? <SafeHtml html={product.expandedInfo} className="product__expanded" /> : null}
      </section>
    </article>
  );
}
