// The one place that gathers every feature's tables, so Drizzle knows the whole schema.
export * from '../features/auth/tables.js';
export * from '../features/flags/tables.js';
export * from '../plugins/mail-tables.js';
