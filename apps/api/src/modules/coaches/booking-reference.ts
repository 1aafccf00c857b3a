import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The reference the shop puts in a patient's Calendly link (utm_content), which Calendly hands back with the booking:
 * the patient's uid and an HMAC of it. A booking is recorded for the patient its reference names, never for whoever owns
 * the email typed on Calendly's page, so nobody can book (or cancel) a call under another patient's name.
 */
export function bookingReferences(secret: string) {
  const key = createHmac('sha256', secret).update('coach booking references').digest();
  const mac = (uid: string) => createHmac('sha256', key).update(uid).digest('base64url');
  return {
    sign: (uid: string) => `${uid}.${mac(uid)}`,
    /** The uid the reference names, or null when it is missing or not one the shop signed. */
    verify(reference: string | null): string | null {
      if (!reference) return null;
      const dot = reference.lastIndexOf('.');
      if (dot <= 0) return null;
      const uid = reference.slice(0, dot);
      const given = Buffer.from(reference.slice(dot + 1));
      const expected = Buffer.from(mac(uid));
      return given.length === expected.length && timingSafeEqual(given, expected) ? uid : null;
    },
  };
}
export type BookingReferences = ReturnType<typeof bookingReferences>;
