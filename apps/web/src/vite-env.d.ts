/// <reference types="vite/client" />

/** Build timestamp injected by Vite's `define` (vite.config.ts). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  /** Sentry's DSN; set at build time to report the browser's errors (off when unset). */
  readonly VITE_SENTRY_DSN?: string;
}
