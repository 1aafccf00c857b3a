import { isBoughtDirectly, type Product } from '@elmwood/domain';
import { useId, type RefObject } from 'react';
import { Button, ButtonLink } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { prefetchSanitizer, SafeHtml } from '../../../ui/SafeHtml';
import { consultationPath } from '../consultation';
import { infoSections, nutritionalInfo, treatmentQuote } from '../popupContent';
import { isProductOutOfStock } from '../productContent';
import { NutritionTable } from './NutritionTable';
import { ProductGallery } from './ProductGallery';
import { TreatmentQuote } from './TreatmentQuote';
import './ProductPopup.css';

interface ProductPopupProps {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the popup: focus goes back there on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Open on the product's own page, where its buying options already are. */
  onProductPage?: boolean;
}

/** What a product bought without a consultation (a supplement, a cosmetic) offers instead of one: its page's buying options. */
const BUYING_OPTIONS_LABEL = 'View buying options';

// The popup's description is markup: its sanitiser comes with the popup's code, not after it is shown.
prefetchSanitizer();

/**
 * The popup's call to action: the matching consultation, or for a product bought directly ('Add to basket' on its
 * page) that page, and on the page itself simply back to it.
 */
function CallToAction({ product, onProductPage, close }: { product: Product; onProductPage: boolean; close: () => void }) {
  if (isProductOutOfStock(product)) {
    return (
      <Button disabled block>
        Out of stock
      </Button>
    );
  }
  if (!isBoughtDirectly(product)) {
    return (
      <ButtonLink to={consultationPath(product.category)} block>
        {product.isPrescriptionOnly ? 'Start your consultation' : 'Get started'}
      </ButtonLink>
    );
  }
  if (onProductPage) {
    return (
      <Button block onClick={close}>
        {BUYING_OPTIONS_LABEL}
      </Button>
    );
  }
  return (
    <ButtonLink to={`/products/${product.slug}`} block>
      {BUYING_OPTIONS_LABEL}
    </ButtonLink>
  );
}

/** The product popup (SPEC §2), loaded only when asked for by ProductPopupButton: picture or carousel, description, info sections, nutrition, quote, call to action. */
export function ProductPopup({ product, open, onOpenChange, returnFocusTo, onProductPage = false }: ProductPopupProps) {
  const sections = infoSections(product);
  const nutrition = nutritionalInfo(product);
  const quote = treatmentQuote(product);
  const nutritionHeadingId = useId();
  // modalTxt introduces the popup; plain text becomes the dialog's description, markup goes in the body.
  const plainModalText = product.modalTxt && !/[<>]/.test(product.modalTxt) ? product.modalTxt : null;

  return (
    <Dialog
      size="lg"
      title={product.name}
      description={plainModalText ?? undefined}
      bodyLabel={`About ${product.name}`}
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      footer={<CallToAction product={product} onProductPage={onProductPage} close={() => onOpenChange(false)} />}
    >
      <div className="product-popup">
        <ProductGallery product={product} className="product-popup__gallery" />
        {product.modalTxt && !plainModalText ? <SafeHtml html={product.modalTxt} /> : null}
        <SafeHtml html={product.description} className="product-popup__description" />

        {sections.map((section) => (
          <section key={section.id} className="product-popup__section" aria-labelledby={`${nutritionHeadingId}-${section.id}`}>
            <h3 id={`${nutritionHeadingId}-${section.id}`}>{section.title}</h3>
            <SafeHtml html={section.html} />
          </section>
        ))}

        {nutrition ? (
          <section className="product-popup__section" aria-labelledby={nutritionHeadingId}>
            <h3 id={nutritionHeadingId}>Nutritional information</h3>
            <NutritionTable info={nutrition} headingId={nutritionHeadingId} />
          </section>
        ) : null}

        {quote ? <TreatmentQuote quote={quote} /> : null}

        {product.isPrescriptionOnly ? (
          <p className="product-popup__note">
            {product.name} is a prescription-only medicine. A UK clinician reviews your consultation and must approve
            it before we take payment or send anything.
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
