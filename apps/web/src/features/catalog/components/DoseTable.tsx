import { formatPrice, frequencyOptions, monthsPerDelivery, type Product } from '@elmwood/domain';

/**
 * A prescription-only medicine's doses and prices, as information only (GPhC guidance, 2025: nobody chooses a
 * prescription-only medicine or its dose before the consultation): a table, no choice, nothing carried forward.
 */
export function DoseTable({ product, headingId }: { product: Product; headingId: string }) {
  const priceOf = (variant: Product['variants'][number], monthly: boolean, months: number) => {
    const option = frequencyOptions(variant).find((candidate) => (monthly ? monthsPerDelivery(candidate.freq) === months && candidate.freq !== 1 : candidate.freq === 1));
    if (!option) return '—';
    const paid = option.discountedPrice ?? option.price;
    if (!monthly) return formatPrice(paid);
    return months === 1 ? `${formatPrice(option.pricePerMonth)} a month` : `${formatPrice(option.pricePerMonth)} a month (${formatPrice(paid)} every ${months} months)`;
  };
  return (
    <div className="dose-table__scroll">
      <table className="dose-table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Dose</th>
            <th scope="col">Monthly plan</th>
            <th scope="col">3-month plan</th>
            <th scope="col">One-off</th>
          </tr>
        </thead>
        <tbody>
          {product.variants.map((variant) => (
            <tr key={variant.code}>
              <th scope="row">{variant.name}</th>
              <td>{priceOf(variant, true, 1)}</td>
              <td>{priceOf(variant, true, 3)}</td>
              <td>{priceOf(variant, false, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
