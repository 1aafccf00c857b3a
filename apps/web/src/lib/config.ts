/** The shop's name: one constant, set at build time with VITE_BRAND_NAME (DESIGN.md: rebrand by configuration). */
export const BRAND_NAME: string = import.meta.env.VITE_BRAND_NAME?.trim() || 'Elmwood Health';

/** After this long a load is worth telling the patient about (SPEC §8 'Taking a long time...'). */
export const SLOW_LOAD_MS = 8000;

/** Where the get-app banner sends a phone (the QR code on a desktop points there too); set with VITE_APP_DOWNLOAD_URL. */
export const APP_DOWNLOAD_URL: string = import.meta.env.VITE_APP_DOWNLOAD_URL?.trim() || 'https://elmwood-health.example/app';
