/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The shop's name; an operator rebrands by setting it at build time. */
  readonly VITE_BRAND_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
