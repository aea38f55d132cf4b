/*
 * Flag keys without the flag schemas: the web app reads them on its first screen, where zod is not loaded
 * (bench/first-load-js.mjs). flags.ts re-exports them.
 */
export const FLAG_WORKSPACE_AI = 'workspace_ai';
