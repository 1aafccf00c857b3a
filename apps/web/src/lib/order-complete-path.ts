/**
 * The thank-you page of a placed order: under its consultation's path (/n/{slug}/…) when it followed one, else the
 * basket's own (/basket/complete/…) for an order of products bought directly.
 */
export function orderCompletePath(consultationSlug: string | null | undefined, orderNumber: string): string {
  const number = encodeURIComponent(orderNumber);
  return consultationSlug ? `/n/${encodeURIComponent(consultationSlug)}/order/complete/${number}` : `/basket/complete/${number}`;
}
