import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@elmwood/domain';
import { makeProduct, makeWegovy } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { useProgrammeChoice } from '../hooks/useProgrammeChoice';
import { ProgrammeSummary } from './ProgrammeSummary';

const outOfStock = (product: Product): Product => ({ ...product, variants: product.variants.map((variant) => ({ ...variant, inStock: false })) });
const ozempic = outOfStock(makeProduct({ code: 'OZEMPIC', slug: 'ozempic', name: 'Ozempic', isPrescriptionOnly: true }));
const mounjaro = makeWegovy({ code: 'MOUNJARO', slug: 'mounjaro', name: 'Mounjaro' });

function Harness({ products, onCheckout = () => {} }: { products: Product[]; onCheckout?: () => void }) {
  const { choice, chooseProduct, chooseVariant, chooseFrequency } = useProgrammeChoice(products, { product: null, variant: null });
  return (
    <ProgrammeSummary
      products={products}
      choice={choice}
      tagRecommended
      onProduct={chooseProduct}
      onVariant={chooseVariant}
      onFrequency={chooseFrequency}
      onCheckout={onCheckout}
      checkingOut={false}
      error={null}
    />
  );
}

describe('ProgrammeSummary', () => {
  it("tags the first in-stock option 'Recommended', and disables and tags an out-of-stock one", () => {
    renderWithProviders(<Harness products={[ozempic, makeWegovy(), mounjaro]} />);
    const ozempicOption = screen.getByRole('radio', { name: /Ozempic/ });
    expect(ozempicOption).toBeDisabled();
    expect(ozempicOption.closest('label')).toHaveTextContent('Out of stock');
    expect(screen.getByRole('radio', { name: /Wegovy/ }).closest('label')).toHaveTextContent('Recommended');
    expect(screen.getByRole('radio', { name: /Mounjaro/ }).closest('label')).not.toHaveTextContent('Recommended');
    expect(screen.getByRole('radio', { name: /Wegovy/ })).toBeChecked();
  });

  it('disables checkout when the only treatment is out of stock', () => {
    renderWithProviders(<Harness products={[ozempic]} />);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('shows Save N% against one-off, and choosing one-off leaves no subscription chosen', async () => {
    const onCheckout = vi.fn();
    renderWithProviders(<Harness products={[makeProduct()]} onCheckout={onCheckout} />);
    const often = screen.getByRole('group', { name: 'How often' });
    expect(within(often).getByRole('radio', { name: /Monthly subscription/ })).toBeChecked();
    expect(within(often).getByRole('radio', { name: /Monthly subscription/ }).closest('label')).toHaveTextContent('Save 17%');
    await userEvent.click(within(often).getByRole('radio', { name: /One-off purchase/ }));
    expect(within(often).getByRole('radio', { name: /Monthly subscription/ })).not.toBeChecked();
    expect(within(often).getByRole('radio', { name: /Quarterly subscription/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout).toHaveBeenCalledOnce();
  });

  it('lists the dosage per month, with the first row in whole pounds unless discounted', () => {
    renderWithProviders(<Harness products={[makeWegovy()]} />);
    const table = screen.getByRole('table', { name: 'Your dosage per month' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'Dosage', 'Price']);
    expect(rows[1]).toHaveTextContent('Month 1');
    expect(rows[1]).toHaveTextContent('£149');
    expect(rows[1]).not.toHaveTextContent('£149.00');
  });
});
