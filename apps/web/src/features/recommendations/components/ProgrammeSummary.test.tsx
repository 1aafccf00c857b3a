import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Product, ProductVariant } from '@elmwood/domain';
import { makeProduct, makeWegovy } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { useProgrammeChoice, type ProgrammeChoice } from '../hooks/useProgrammeChoice';
import { ProgrammeSummary } from './ProgrammeSummary';

const outOfStock = (product: Product): Product => ({ ...product, variants: product.variants.map((variant) => ({ ...variant, inStock: false })) });
const ozempic = outOfStock(makeProduct({ code: 'OZEMPIC', slug: 'ozempic', name: 'Ozempic', isPrescriptionOnly: true }));
const mounjaro = makeWegovy({ code: 'MOUNJARO', slug: 'mounjaro', name: 'Mounjaro' });

const price = (freq: 30 | 90 | 1, amount: number, discountedPrice: number | null = null) => ({ freq, price: amount, discountedPrice });
const dose = (code: string, dosage: string, prices: ProductVariant['prices'], inStock = true): ProductVariant => ({
  code,
  name: dosage,
  dosage,
  quantityPerMonth: 1,
  quantityPerMonthType: 'pen',
  inStock,
  prices,
});

interface HarnessProps {
  products: Product[];
  tagRecommended?: boolean;
  showDosageTable?: boolean;
  recurringGift?: boolean;
  preferred?: { product: string | null; variant: string | null };
  onCheckout?: (choice: ProgrammeChoice) => void;
}

function Harness({ products, tagRecommended = true, showDosageTable = true, recurringGift = false, preferred = { product: null, variant: null }, onCheckout = () => {} }: HarnessProps) {
  const { choice, chooseProduct, chooseVariant, chooseFrequency } = useProgrammeChoice(products, preferred);
  return (
    <ProgrammeSummary
      products={products}
      choice={choice}
      tagRecommended={tagRecommended}
      showDosageTable={showDosageTable}
      recurringGift={recurringGift}
      onProduct={chooseProduct}
      onVariant={chooseVariant}
      onFrequency={chooseFrequency}
      onCheckout={() => onCheckout(choice)}
      checkingOut={false}
      error={null}
    />
  );
}

const optionLabel = (name: RegExp) => screen.getByRole('radio', { name }).closest('label')!;
const howOften = () => screen.getByRole('group', { name: 'How often' });

describe('ProgrammeSummary: treatments', () => {
  it("tags the first in-stock option 'Recommended', and disables and tags an out-of-stock one", () => {
    renderWithProviders(<Harness products={[ozempic, makeWegovy(), mounjaro]} />);
    expect(screen.getByRole('radio', { name: /Ozempic/ })).toBeDisabled();
    expect(optionLabel(/Ozempic/)).toHaveTextContent('Out of stock');
    expect(optionLabel(/Ozempic/)).not.toHaveTextContent('Recommended');
    expect(optionLabel(/Wegovy/)).toHaveTextContent('Recommended');
    expect(optionLabel(/Mounjaro/)).not.toHaveTextContent('Recommended');
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Wegovy/ })).toBeChecked();
  });

  it("gives no 'Recommended' tag outside weight loss", () => {
    renderWithProviders(<Harness products={[makeWegovy(), mounjaro]} tagRecommended={false} />);
    expect(screen.queryByText('Recommended')).toBeNull();
  });

  it('an out-of-stock treatment cannot be chosen, even by clicking its card', async () => {
    renderWithProviders(<Harness products={[makeWegovy(), ozempic]} />);
    await userEvent.click(optionLabel(/Ozempic/));
    expect(screen.getByRole('radio', { name: /Ozempic/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Wegovy/ })).toBeChecked();
  });

  it('disables checkout when the only treatment is out of stock', () => {
    renderWithProviders(<Harness products={[ozempic]} />);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('keeps checkout open when another treatment is in stock', () => {
    renderWithProviders(<Harness products={[ozempic, makeWegovy()]} />);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it("preselects the consultation's preferred treatment and dose", async () => {
    const onCheckout = vi.fn();
    renderWithProviders(<Harness products={[makeWegovy(), mounjaro]} preferred={{ product: 'MOUNJARO', variant: 'WEGOVY-1MG' }} onCheckout={onCheckout} />);
    expect(screen.getByRole('radio', { name: /Mounjaro/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Dose' })).toHaveValue('WEGOVY-1MG');
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout.mock.calls[0]![0]).toMatchObject({ product: { code: 'MOUNJARO' }, variant: { code: 'WEGOVY-1MG' }, frequency: 30 });
  });

  it('ignores a preferred dose that is out of stock, starting on the first in stock', () => {
    renderWithProviders(<Harness products={[makeWegovy()]} preferred={{ product: 'WEGOVY', variant: 'WEGOVY-0-25MG' }} />);
    expect(screen.getByRole('combobox', { name: 'Dose' })).toHaveValue('WEGOVY-0-5MG');
    expect(screen.getByRole('option', { name: '0.25 mg (Out of stock)' })).toBeDisabled();
  });

  it('ignores a preferred treatment that is out of stock', () => {
    renderWithProviders(<Harness products={[ozempic, makeWegovy()]} preferred={{ product: 'OZEMPIC', variant: null }} />);
    expect(screen.getByRole('radio', { name: /Wegovy/ })).toBeChecked();
  });
});

describe('ProgrammeSummary: frequency and dose', () => {
  it('offers monthly and quarterly (shown per month) as a subscription group, and one-off, with Save N% against one-off', () => {
    // Monthly £15 against £18 one-off saves 17%; quarterly £39 is £13 a month, 28%.
    renderWithProviders(<Harness products={[makeProduct()]} />);
    const subscription = within(howOften()).getByRole('group', { name: 'Subscribe and save' });
    expect(within(subscription).getByRole('radio', { name: /Monthly subscription/ })).toBeChecked();
    expect(optionLabel(/Monthly subscription/)).toHaveTextContent('£15.00 a month');
    expect(optionLabel(/Monthly subscription/)).toHaveTextContent('Save 17%');
    expect(optionLabel(/Quarterly subscription/)).toHaveTextContent('£13.00 a month, £39.00 every 3 months');
    expect(optionLabel(/Quarterly subscription/)).toHaveTextContent('Save 28%');
    expect(within(subscription).queryByRole('radio', { name: /One-off/ })).toBeNull();
    expect(optionLabel(/One-off purchase/)).toHaveTextContent('£18.00 one-off');
    expect(optionLabel(/One-off purchase/)).not.toHaveTextContent('Save');
  });

  it('shows no Save label when a subscription saves nothing', () => {
    const product = makeProduct({ variants: [dose('V', '1 tablet', [price(30, 1800), price(90, 5400), price(1, 1800)])] });
    renderWithProviders(<Harness products={[product]} />);
    expect(screen.queryByText(/Save/)).toBeNull();
  });

  it('choosing one-off deselects the subscription group, and choosing a subscription selects it again', async () => {
    const onCheckout = vi.fn();
    renderWithProviders(<Harness products={[makeProduct()]} onCheckout={onCheckout} />);
    const subscription = within(howOften()).getByRole('group', { name: 'Subscribe and save' });
    expect(subscription).toHaveClass('frequency-group--chosen');
    await userEvent.click(screen.getByRole('radio', { name: /One-off purchase/ }));
    expect(within(subscription).getByRole('radio', { name: /Monthly subscription/ })).not.toBeChecked();
    expect(within(subscription).getByRole('radio', { name: /Quarterly subscription/ })).not.toBeChecked();
    expect(subscription).not.toHaveClass('frequency-group--chosen');
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout.mock.calls[0]![0]).toMatchObject({ frequency: 1 });
    await userEvent.click(screen.getByRole('radio', { name: /Quarterly subscription/ }));
    expect(screen.getByRole('radio', { name: /One-off purchase/ })).not.toBeChecked();
    expect(subscription).toHaveClass('frequency-group--chosen');
  });

  it('a dose sold only as a one-off (a trial pack) buys one-off, and the monthly choice returns with the next dose', async () => {
    const onCheckout = vi.fn();
    const sildenafil = makeProduct({
      code: 'SILDENAFIL',
      name: 'Sildenafil',
      variants: [dose('S-50', '50 mg', [price(30, 2199), price(90, 5997), price(1, 2399)]), dose('S-TRIAL', '50 mg trial', [price(1, 500)])],
    });
    renderWithProviders(<Harness products={[sildenafil]} onCheckout={onCheckout} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dose' }), 'S-TRIAL');
    expect(within(howOften()).queryByRole('group', { name: 'Subscribe and save' })).toBeNull();
    expect(screen.getByRole('radio', { name: /One-off purchase/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout.mock.calls[0]![0]).toMatchObject({ variant: { code: 'S-TRIAL' }, frequency: 1 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dose' }), 'S-50');
    expect(screen.getByRole('radio', { name: /Monthly subscription/ })).toBeChecked();
  });

  it('a discounted price shows the original struck through', () => {
    renderWithProviders(<Harness products={[makeWegovy()]} />);
    // 0.5 mg monthly: £169.00 down to £159.00.
    expect(optionLabel(/Monthly subscription/)).toHaveTextContent('was £169.00 now £159.00 a month');
  });
});

describe('ProgrammeSummary: dosage per month table', () => {
  const titration = (firstDiscounted: boolean) =>
    makeWegovy({
      variants: [
        dose('W1', '0.25 mg', [price(30, 14900, firstDiscounted ? 12900 : null), price(90, 41700), price(1, 15900)]),
        dose('W2', '0.5 mg', [price(30, 16900), price(90, 47700), price(1, 17900)]),
        dose('W3', '1 mg', [price(30, 19900), price(90, 56700), price(1, 21900)]),
        dose('W4', '1.7 mg', [price(30, 24900), price(90, 71700), price(1, 26900)]),
        dose('W5', '2.4 mg', [price(30, 27900), price(90, 80700), price(1, 29900)]),
      ],
    });
  const rowsOf = () =>
    within(screen.getByRole('table', { name: 'Your dosage per month' }))
      .getAllByRole('row')
      .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));

  it('lists Month, Dosage and Price, the first row in whole pounds when not discounted, then the optional higher doses', () => {
    renderWithProviders(<Harness products={[titration(false)]} />);
    const table = screen.getByRole('table', { name: 'Your dosage per month' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'Dosage', 'Price']);
    expect(rowsOf().filter((cells) => cells.length === 3)).toEqual([
      ['Month 1', '0.25 mg', '£149'],
      ['Month 2', '0.5 mg', '£169.00'],
      ['Month 3', '1 mg', '£199.00'],
      ['Month 4 onwards', '1.7 mg', '£249.00'],
      ['Optional', '2.4 mg', '£279.00'],
    ]);
    expect(within(table).getByText('Optional higher doses, if required')).toBeInTheDocument();
  });

  it('shows the first row with two decimals when it is discounted', () => {
    renderWithProviders(<Harness products={[titration(true)]} />);
    expect(rowsOf()[1]).toEqual(['Month 1', '0.25 mg', '£129.00']);
  });

  it('prices the table at the chosen frequency: quarterly per month', async () => {
    renderWithProviders(<Harness products={[titration(false)]} />);
    await userEvent.click(screen.getByRole('radio', { name: /Quarterly subscription/ }));
    expect(rowsOf()[1]).toEqual(['Month 1', '0.25 mg', '£139']);
    expect(rowsOf()[2]).toEqual(['Month 2', '0.5 mg', '£159.00']);
  });

  it("takes the recurring-discount gift of £20 off months 2 and 3 for the 'gift' bucket, and says so", () => {
    renderWithProviders(<Harness products={[titration(false)]} recurringGift />);
    expect(screen.getByRole('table', { name: 'Your dosage per month' })).toHaveAccessibleDescription('Includes our gift of £20 off your 2nd and 3rd months');
    expect(rowsOf().filter((cells) => cells.length === 3)).toEqual([
      ['Month 1', '0.25 mg', '£149'],
      ['Month 2', '0.5 mg', '£149.00'],
      ['Month 3', '1 mg', '£179.00'],
      ['Month 4 onwards', '1.7 mg', '£249.00'],
      ['Optional', '2.4 mg', '£279.00'],
    ]);
  });

  it('is left out for treatments that do not step up their dose', () => {
    renderWithProviders(<Harness products={[titration(false)]} showDosageTable={false} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
