import { useEffect, useState, type RefObject } from 'react';
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
  /** The page's own checkout button: while it is on screen the bar stays away, so it never covers it. */
  hideWhileVisible?: RefObject<HTMLElement | null>;
}

function scrolledPercent(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return scrollable <= 0 ? 100 : (window.scrollY / scrollable) * 100;
}

/** The bar at the bottom: treatment, 'first month' price and 'Checkout' (SPEC §9 floating CTA defaults). */
export function FloatingCheckoutBar({
  productName,
  image,
  price,
  originalPrice,
  showAfterPercent,
  onCheckout,
  disabled,
  loading,
  hideWhileVisible,
}: FloatingCheckoutBarProps) {
  const threshold = assertScrollPercentage(showAfterPercent);
  const [scrolledFarEnough, setScrolledFarEnough] = useState(() => threshold === 0);
  const [ownButtonOnScreen, setOwnButtonOnScreen] = useState(false);
  useEffect(() => {
    const update = () => setScrolledFarEnough(scrolledPercent() >= threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  useEffect(() => {
    const target = hideWhileVisible?.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOwnButtonOnScreen(entry?.isIntersecting ?? false));
    observer.observe(target);
    return () => observer.disconnect();
  }, [hideWhileVisible]);
  if (!scrolledFarEnough || ownButtonOnScreen) return null;
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
