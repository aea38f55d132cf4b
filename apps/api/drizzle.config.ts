import { defineConfig } from 'drizzle-kit';

// Migrations are generated from every feature's tables.ts (and the plugins' own tables) and committed; the app applies them on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/features/*/tables.ts', './src/plugins/*-tables.ts'],
  out: './src/db/migrations',
});
