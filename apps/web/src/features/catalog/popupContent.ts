import {
  ATTRIBUTE,
  findAttribute,
  parseNutritionalInfo,
  PRODUCT_INFO_MODAL_TAG,
  type NutritionalInfo,
  type Product,
} from '@elmwood/domain';
import { textOf } from './attributeValue';

// What only the product popup reads; kept apart so the page does not load it before the popup opens.

export interface InfoSection {
  id: string;
  title: string;
  /** Markup from the catalogue; always rendered through SafeHtml. */
  html: string;
}

const SEPARATELY_SHOWN: readonly string[] = [ATTRIBUTE.nutritionalInfo, ATTRIBUTE.quote];

function listOf(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) return null;
  const escape = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  return `<ul>${value.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`;
}

/** Attributes tagged product_info_modal, as title and text sections for the product popup (SPEC §3). */
export function infoSections(product: Pick<Product, 'attributes'>): InfoSection[] {
  return product.attributes.flatMap((attribute) => {
    if (!attribute.tags.includes(PRODUCT_INFO_MODAL_TAG) || SEPARATELY_SHOWN.includes(attribute.code)) return [];
    const html = listOf(attribute.value) ?? textOf(attribute.value, ['text', 'value', 'content', 'description']);
    if (!html) return [];
    const title =
      typeof attribute.value === 'object' ? (textOf(attribute.value, ['title']) ?? attribute.name) : attribute.name;
    return [{ id: attribute.code, title, html }];
  });
}

export interface TreatmentQuote {
  text: string;
  author: string | null;
  role: string | null;
}

/** The clinician's quote (earim_quote_treatment): an object with text, author and role, or plain text. */
export function treatmentQuote(product: Pick<Product, 'attributes'>): TreatmentQuote | null {
  const value = findAttribute(product, ATTRIBUTE.quote)?.value;
  const text = textOf(value, ['text', 'quote']);
  if (!text) return null;
  if (typeof value === 'string') return { text, author: null, role: null };
  return {
    text,
    author: textOf(value, ['author', 'name']),
    role: textOf(value, ['role', 'title', 'position']),
  };
}

export function nutritionalInfo(product: Pick<Product, 'attributes'>): NutritionalInfo | null {
  const attribute = findAttribute(product, ATTRIBUTE.nutritionalInfo);
  return attribute ? parseNutritionalInfo(attribute.value) : null;
}
