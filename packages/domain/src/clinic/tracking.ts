/** Carriers a pharmacist dispatches with. */
export const CARRIERS = ['royal-mail', 'dpd'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Carrier, string> = { 'royal-mail': 'Royal Mail', dpd: 'DPD' };

/** Royal Mail tracked items: two letters, nine digits, GB (S10 format). DPD parcel numbers: fourteen digits. */
const FORMATS: Record<Carrier, RegExp> = {
  'royal-mail': /^[A-Z]{2}\d{9}GB$/,
  dpd: /^\d{14}$/,
};

/** Upper-cased without spaces, as printed labels and typed numbers differ only in those. */
export function normaliseTrackingNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The normalised tracking number, or null when it is not one of the carrier's. */
export function validTrackingNumber(carrier: Carrier, value: string): string | null {
  const normalised = normaliseTrackingNumber(value);
  return FORMATS[carrier]?.test(normalised) ? normalised : null;
}

export const TRACKING_FORMAT_MESSAGES: Record<Carrier, string> = {
  'royal-mail': 'A Royal Mail tracking number is two letters, nine digits and GB, e.g. AB123456789GB.',
  dpd: 'A DPD tracking number is fourteen digits.',
};

/** Where the patient follows the parcel. */
export function trackingUrl(carrier: Carrier, number: string): string {
  const encoded = encodeURIComponent(number);
  return carrier === 'royal-mail' ? `https://www.royalmail.com/track-your-item#/tracking-results/${encoded}` : `https://track.dpd.co.uk/parcels/${encoded}`;
}
