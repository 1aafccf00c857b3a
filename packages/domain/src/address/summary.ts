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

/** An address as lines to show: line 1, line 2, town and postcode, skipping blanks. */
export function formatAddressLines(address: { company?: string | null; street?: string | null; city?: string | null; postcode?: string | null }): string[] {
  return [address.company, address.street, address.city, address.postcode].map((part) => part?.trim() ?? '').filter(Boolean);
}
