import { describe, expect, it } from 'vitest';
import { makeProduct, makeWegovy } from '../../test/fixtures';
import { infoSections, nutritionalInfo, treatmentQuote } from './popupContent';
import { backgroundTint, defaultVariant, galleryImages, isProductOutOfStock } from './productContent';
import { consultationPath } from './consultation';

describe('product content', () => {
  it('puts the main image first, then the carousel images', () => {
    expect(galleryImages(makeWegovy()).map((image) => image.alt)).toEqual(['Wegovy pen', 'Wegovy pen, side view']);
  });

  it('starts on the first dose in stock', () => {
    expect(defaultVariant(makeWegovy())?.code).toBe('WEGOVY-0-5MG');
    expect(isProductOutOfStock(makeWegovy())).toBe(false);
    const soldOut = makeWegovy();
    soldOut.variants = soldOut.variants.map((variant) => ({ ...variant, inStock: false }));
    expect(isProductOutOfStock(soldOut)).toBe(true);
    expect(defaultVariant(soldOut)?.code).toBe('WEGOVY-0-25MG');
  });

  it('reads sections from attributes tagged product_info_modal', () => {
    expect(infoSections(makeProduct())).toEqual([
      { id: 'how_it_works', title: 'How it works', html: '<p>Take one capsule with breakfast.</p>' },
      { id: 'ingredients', title: 'What is inside', html: '<p>Vitamin D, vitamin B12 and chromium.</p>' },
    ]);
  });

  it('turns a list of strings into an escaped list', () => {
    const product = makeProduct({
      attributes: [{ code: 'benefits', name: 'Benefits', value: ['Less <b>hunger</b>', 'Steady loss'], tags: ['product_info_modal'] }],
    });
    expect(infoSections(product)[0]?.html).toBe('<ul><li>Less &lt;b&gt;hunger&lt;/b&gt;</li><li>Steady loss</li></ul>');
  });

  it('reads the quote, the nutrition table and the tint', () => {
    const product = makeProduct();
    expect(treatmentQuote(product)).toEqual({
      text: 'A good multivitamin fills the gaps a smaller diet can leave.',
      author: 'Dr Amira Shah',
      role: 'Medical Director',
    });
    expect(nutritionalInfo(product)?.table).toHaveLength(3);
    expect(backgroundTint(product)).toBe('#eef4f1');
  });

  it('refuses a tint that is not a plain colour', () => {
    const product = makeProduct({
      attributes: [{ code: 'product_bg_color', name: 'Background', value: 'red; background:url(x)', tags: [] }],
    });
    expect(backgroundTint(product)).toBeNull();
  });

  it('sends each category to its consultation', () => {
    expect(consultationPath('weight-loss')).toBe('/n/weight-loss/quiz/1');
    expect(consultationPath('erectile-dysfunction')).toBe('/n/erectile-dysfunction/quiz/1');
    expect(consultationPath('hair-loss')).toBe('/n/hair-loss/quiz/1');
    expect(consultationPath('supplements')).toBe('/n/weight-loss/quiz/1');
  });
});
