import type { RefObject } from 'react';
import type { Pence } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { FloatingBar } from '../../../ui/FloatingBar';
import { Price } from '../../../ui/Price';

interface FloatingCheckoutBarProps {
  productName: string;
  image: string | null;
  price: Pence;
  /** The price before a discount, shown struck through. */
  originalPrice: Pence | null;
  /** After the price: 'first month' (SPEC §9) for a plan, 'one-off' for a single purchase (domain pricePeriodText). */
  period?: string;
  /** Shown once the page has scrolled this far (0–100); anything else is a programming error. */
  showAfterPercent: number;
  onCheckout: () => void;
  disabled: boolean;
  loading: boolean;
  /** The page's own checkout button: while it is on screen the bar stays away, so it never covers it. */
  hideWhileVisible?: RefObject<HTMLElement | null>;
  /** Why the last checkout failed, shown here too for whoever pressed the bar's button (the page's alert announces it). */
  error?: string | null;
}

/** The bar at the bottom: treatment, 'first month' price and 'Checkout' (SPEC §9 floating CTA defaults). */
export function FloatingCheckoutBar({
  productName,
  image,
  price,
  originalPrice,
  period = 'first month',
  showAfterPercent,
  onCheckout,
  disabled,
  loading,
  hideWhileVisible,
  error = null,
}: FloatingCheckoutBarProps) {
  return (
    <FloatingBar label="Checkout" showAfterPercent={showAfterPercent} hideWhileVisible={hideWhileVisible} className="floating-cta">
      {image ? <img className="floating-cta__image" src={image} alt="" width={40} height={40} /> : null}
      <span className="floating-cta__text">
        <span className="floating-cta__name">{productName}</span>
        <span>
          <Price amount={price} original={originalPrice} /> {period}
        </span>
        {error ? <span className="floating-cta__error">{error}</span> : null}
      </span>
      <Button onClick={onCheckout} disabled={disabled} loading={loading}>
        Checkout
      </Button>
    </FloatingBar>
  );
}
