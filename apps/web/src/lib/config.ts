/** The shop's name: one constant, set at build time with VITE_BRAND_NAME (DESIGN.md: rebrand by configuration). */
export const BRAND_NAME: string = import.meta.env.VITE_BRAND_NAME?.trim() || 'Elmwood Health';

/** The care team's address, set at build time with VITE_CARE_EMAIL; the default is the demo brand's (reserved .example domain). */
export const CARE_EMAIL: string = import.meta.env.VITE_CARE_EMAIL?.trim() || 'care@elmwood-health.example';

/** After this long a load is worth telling the patient about (SPEC §8 'Taking a long time...'). */
export const SLOW_LOAD_MS = 8000;

/**
 * When the care team answers messages and calls (VITE_CARE_HOURS): the one place the site's hours are written, so every
 * page that gives them says the same.
 */
export const CARE_HOURS: string = import.meta.env.VITE_CARE_HOURS?.trim() || 'Monday to Friday, 9am to 5pm';

/** The care team's phone number (VITE_CARE_PHONE); the default is the demo brand's (Ofcom's drama range). */
export const CARE_PHONE: string = import.meta.env.VITE_CARE_PHONE?.trim() || '020 7946 0000';

/** The number as a tel: link, in international form (a UK number's leading 0 becomes +44). */
export const CARE_PHONE_HREF = `tel:${CARE_PHONE.replace(/[^\d+]/g, '').replace(/^0/, '+44')}`;

/** The shop's Facebook app id (VITE_FACEBOOK_APP_ID), which Messenger's share dialog needs; unset, no Messenger button. */
export const FACEBOOK_APP_ID: string | null = import.meta.env.VITE_FACEBOOK_APP_ID?.trim() || null;
