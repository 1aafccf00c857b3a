import { formatPrice, type Pence } from '@elmwood/domain';
import { cx } from './cx';
import './Price.css';

interface PriceProps {
  /** What the patient pays, in pence. */
  amount: Pence;
  /** The price before a discount; shown struck through, and read out as 'was'. */
  original?: Pence | null;
  className?: string;
}

export function Price({ amount, original, className }: PriceProps) {
  const discounted = original != null && original > amount;
  return (
    <span className={cx('price', className)}>
      {discounted ? (
        <>
          <s className="price__was">
            <span className="visually-hidden">was </span>
            {formatPrice(original)}
          </s>{' '}
          <span className="price__now">
            <span className="visually-hidden">now </span>
            {formatPrice(amount)}
          </span>
        </>
      ) : (
        <span className="price__now">{formatPrice(amount)}</span>
      )}
    </span>
  );
}
