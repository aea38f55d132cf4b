/// <reference types="vite/client" />

/** Build timestamp injected by Vite's `define` (vite.config.ts). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
}
