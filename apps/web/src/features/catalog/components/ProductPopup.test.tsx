import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct, makeWegovy } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ProductPopupButton } from './ProductPopupButton';

async function openPopup(product = makeProduct(), onProductPage = false) {
  const user = userEvent.setup();
  renderWithProviders(<ProductPopupButton product={product} onProductPage={onProductPage} />);
  const trigger = await screen.findByRole('button', { name: 'More information' });
  await user.click(trigger);
  return { user, trigger, dialog: await screen.findByRole('dialog', { name: product.name }) };
}

describe('ProductPopup', () => {
  it('shows the picture, the sanitised description and the tagged sections', async () => {
    const { dialog } = await openPopup(
      makeProduct({ description: '<p>A once-a-day <strong>multivitamin</strong>.</p><img src="x" alt="" onerror="alert(1)">' }),
    );
    expect(within(dialog).getByRole('img', { name: 'Daily Multivitamin tub' })).toBeInTheDocument();
    expect((await within(dialog).findByText('multivitamin')).tagName).toBe('STRONG');
    expect(dialog.innerHTML).not.toMatch(/onerror/);

    expect(within(dialog).getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(within(dialog).getByText('Take one capsule with breakfast.')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'What is inside' })).toBeInTheDocument();
    expect(within(dialog).queryByText('not for the popup')).not.toBeInTheDocument();
  });

  it('shows the nutrition table and the quote with its author and role', async () => {
    const { dialog } = await openPopup();
    const table = within(dialog).getByRole('table', { name: 'Nutritional information' });
    expect(within(table).getByRole('row', { name: /Green tea extract/ })).toHaveTextContent('†');
    expect(within(dialog).getByText('† No NRV established')).toBeInTheDocument();

    const quote = within(dialog).getByRole('figure');
    expect(quote).toHaveTextContent('A good multivitamin fills the gaps a smaller diet can leave.');
    expect(quote).toHaveTextContent('Dr Amira Shah');
    expect(quote).toHaveTextContent('Medical Director');
  });

  it('ends with a call to action to the matching consultation', async () => {
    const { dialog } = await openPopup(makeWegovy());
    const cta = within(dialog).getByRole('link', { name: 'Start your consultation' });
    expect(cta).toHaveAttribute('href', '/n/weight-loss/quiz/1');
    expect(within(dialog).getByText(/prescription-only medicine/)).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Wegovy pictures' })).toBeInTheDocument();
  });

  it('sends a product bought without a consultation to its page, where it is added to the basket', async () => {
    const { dialog } = await openPopup(makeProduct());
    expect(within(dialog).getByRole('link', { name: 'View buying options' })).toHaveAttribute('href', '/products/daily-multivitamin');
    expect(within(dialog).queryByRole('link', { name: /consultation|Get started/ })).not.toBeInTheDocument();
  });

  it('on that product’s own page, closes instead and gives focus back to its button', async () => {
    const { user, trigger, dialog } = await openPopup(makeProduct(), true);
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'View buying options' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('sends a pharmacy medicine (minoxidil, no prescription) to its consultation, as it needs one', async () => {
    const minoxidil = makeProduct({ code: 'MINOXIDIL', slug: 'minoxidil', name: 'Minoxidil 5%', category: 'hair-loss', isPrescriptionOnly: false });
    const { dialog } = await openPopup(minoxidil, true);
    expect(within(dialog).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/n/hair-loss/quiz/1');
    expect(within(dialog).queryByRole('button', { name: 'View buying options' })).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const { user, trigger } = await openPopup();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('offers no call to action when the product is out of stock', async () => {
    const product = makeProduct();
    const { dialog } = await openPopup({ ...product, variants: product.variants.map((v) => ({ ...v, inStock: false })) });
    expect(within(dialog).queryByRole('link', { name: /consultation|Get started|buying options/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Out of stock' })).toBeDisabled();
  });
});
