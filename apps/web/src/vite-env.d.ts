/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The shop's name; an operator rebrands by setting it at build time. */
  readonly VITE_BRAND_NAME?: string;
  /** The app's download page (store link and QR code target). */
  readonly VITE_APP_DOWNLOAD_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
