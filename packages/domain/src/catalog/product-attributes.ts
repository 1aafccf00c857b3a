// Attribute codes and their lookup without the product schema, so a page that reads one does not download the schema library.
import type { Product, ProductAttribute } from './product';

/** Attribute codes with a special meaning on the storefront (SPEC §3). */
export const ATTRIBUTE = {
  quote: 'earim_quote_treatment',
  planName: 'plan_name',
  nutritionalInfo: 'nutritional_info',
  backgroundColour: 'product_bg_color',
  taskUrl: 'task_url',
  thankYouNextSteps: 'task_thankyou_page_next_steps',
  thankYouInfoBox: 'task_thankyou_page_info_box',
  /**
   * Marks an unlicensed medicine (a 'special' prescribed outside its UK licence); its presence is the flag.
   * The patient acknowledges it with the terms before ordering (SPEC §5).
   */
  unlicensedMedicine: 'unlicensed_medicine',
} as const;
export const PRODUCT_INFO_MODAL_TAG = 'product_info_modal';

export function findAttribute(product: Pick<Product, 'attributes'>, code: string): ProductAttribute | undefined {
  return product.attributes.find((attribute) => attribute.code === code);
}
