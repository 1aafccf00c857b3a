/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The shop's name; an operator rebrands by setting it at build time. */
  readonly VITE_BRAND_NAME?: string;
  /** The care team's email address, shown wherever patients are told how to reach the clinic. */
  readonly VITE_CARE_EMAIL?: string;
  readonly VITE_CARE_HOURS?: string;
  readonly VITE_CARE_PHONE?: string;
  readonly VITE_FACEBOOK_APP_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
