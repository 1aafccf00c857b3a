export const SHIPPING_ADDRESS_MISSING_MESSAGE = 'Shipping address missing';

export interface AddressLinesAndPostcode {
  company?: string | null;
  street?: string | null;
  postcode?: string | null;
}

const blank = (value: string | null | undefined) => !value?.trim();

/**
 * Before payment the checkout needs somewhere to deliver: either address line (street or
 * company) and a postcode, else 'Shipping address missing'.
 */
export function shippingAddressError(address: AddressLinesAndPostcode | null | undefined): string | null {
  if (!address) return SHIPPING_ADDRESS_MISSING_MESSAGE;
  const noLines = blank(address.company) && blank(address.street);
  return noLines || blank(address.postcode) ? SHIPPING_ADDRESS_MISSING_MESSAGE : null;
}
