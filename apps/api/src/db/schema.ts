// The one place that gathers every feature's tables, so Drizzle knows the whole schema.
export * from '../features/auth/tables.js';
export * from '../features/flags/tables.js';
export * from '../plugins/mail-tables.js';
export * from '../plugins/audit-tables.js';
export * from '../features/explore/tables.js';
export * from '../features/ai/tables.js';
export * from '../features/experts/tables.js';
export * from '../features/programs/tables.js';
export * from '../features/support/tables.js';
export * from '../features/notifications/tables.js';
export * from '../features/cohorts/tables.js';
export * from '../features/startups/tables.js';
export * from '../features/integrations/tables.js';
