import { useEffect, useState } from 'react';
import { assertScrollPercentage, type Pence } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Price } from '../../../ui/Price';

interface FloatingCheckoutBarProps {
  productName: string;
  image: string | null;
  price: Pence;
  originalPrice: Pence | null;
  /** Shown once the page has scrolled this far (0–100); anything else is a programming error. */
  showAfterPercent: number;
  onCheckout: () => void;
  disabled: boolean;
  loading: boolean;
}

function scrolledPercent(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return scrollable <= 0 ? 100 : (window.scrollY / scrollable) * 100;
}

/** The bar at the bottom: treatment, 'first month' price and 'Checkout' (SPEC §9 floating CTA defaults). */
export function FloatingCheckoutBar({ productName, image, price, originalPrice, showAfterPercent, onCheckout, disabled, loading }: FloatingCheckoutBarProps) {
  const threshold = assertScrollPercentage(showAfterPercent);
  const [visible, setVisible] = useState(() => threshold === 0);
  useEffect(() => {
    const update = () => setVisible(scrolledPercent() >= threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  if (!visible) return null;
  return (
    <aside className="floating-cta" aria-label="Checkout">
      {image ? <img className="floating-cta__image" src={image} alt="" width={40} height={40} /> : null}
      <span className="floating-cta__text">
        <span className="floating-cta__name">{productName}</span>
        <span>
          <Price amount={price} original={originalPrice} /> first month
        </span>
      </span>
      <Button onClick={onCheckout} disabled={disabled} loading={loading}>
        Checkout
      </Button>
    </aside>
  );
}
