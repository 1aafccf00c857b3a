import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const NOT_A_UK_MOBILE_MESSAGE = 'Please enter a UK mobile number, for example 07700 900123, to get messages by SMS or WhatsApp.';

/** Ofcom keeps 07700 900000–900999 for drama and demos: mobile numbers never given to anyone, which the library calls unallocated. */
const OFCOM_DRAMA_MOBILES = /^\+447700900\d{3}$/;

/** A UK mobile number in E.164 (+447…), or null for anything that cannot be one (landlines, foreign numbers, typos). */
export function ukMobileE164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const number = parsePhoneNumberFromString(raw, 'GB');
  if (!number) return null;
  if (OFCOM_DRAMA_MOBILES.test(number.number)) return number.number;
  if (number.country !== 'GB' || !number.isValid() || number.getType() !== 'MOBILE') return null;
  return number.number;
}
