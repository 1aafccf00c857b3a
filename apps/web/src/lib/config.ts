/** The shop's name: one constant, set at build time with VITE_BRAND_NAME (DESIGN.md: rebrand by configuration). */
export const BRAND_NAME: string = import.meta.env.VITE_BRAND_NAME?.trim() || 'Elmwood Health';

/** After this long a load is worth telling the patient about (SPEC §8 'Taking a long time...'). */
export const SLOW_LOAD_MS = 8000;
