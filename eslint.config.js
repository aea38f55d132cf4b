// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { legacyUiImports } from './eslint-legacy-ui-imports.js';

const domains = [
  'auth',
  'startups',
  'programs',
  'experts',
  'support',
  'explore',
  'ai',
  'flags',
  'health',
  'cohorts',
  'integrations',
];

/** Features never import each other (architecture.md, convention 1). */
const featureZones = (root) =>
  domains.map((domain) => ({
    target: `${root}/features/${domain}`,
    from: `${root}/features`,
    except: [`./${domain}`],
    message: 'Features never import each other; compose them in app/ (web) or app.ts (api).',
  }));

/**
 * The exceptions (decision records 008 and 063): a feature's tables.ts may reference auth's users table so
 * that a user's rows carry a foreign key and go with the account, and the startups' table so that a startup's
 * rows go with the startup. Any other file still may not.
 */
const apiFeatureZones = () =>
  domains.flatMap((domain) => [
    {
      target: `./apps/api/src/features/${domain}/!(tables).ts`,
      from: './apps/api/src/features',
      except: [`./${domain}`],
      message: 'Features never import each other; compose them in app.ts.',
    },
    {
      target: `./apps/api/src/features/${domain}/tables.ts`,
      from: './apps/api/src/features',
      except: [`./${domain}`, './auth/tables.ts', './startups/tables.ts'],
      message: "A feature's tables may reference auth's users and the startups' tables only.",
    },
  ]);

/*
 * One UI kit (decision 062): screens compose `apps/web/src/components/ui`; only the kit talks to the libraries
 * behind it, and MUI and emotion are on their way out, allowed only in the files that used them when the kit
 * landed (eslint-legacy-ui-imports.js, a list that only shrinks).
 */
const kitLibraries = {
  group: ['@base-ui/react', '@base-ui/react/*', '@tanstack/react-table', '@tanstack/react-virtual'],
  message: 'Only the UI kit (apps/web/src/components/ui) uses Base UI and TanStack; compose the kit instead.',
};
const retiredLibraries = {
  group: ['@mui/*', '@emotion/*'],
  message:
    "Build with Liftoff's UI kit (apps/web/src/components/ui, docs/ui.md); MUI and emotion are being retired.",
};
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      '**/*.d.ts',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiFeatureZones(),
            ...featureZones('./apps/web/src'),
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'Shared UI never imports a feature.',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/features',
              message: 'Shared code never imports a feature.',
            },
            {
              target: './apps/api/src/lib',
              from: './apps/api/src/features',
              message: 'Shared code never imports a feature.',
            },
            {
              target: './apps/api/src/plugins',
              from: './apps/api/src/features',
              message: 'Plugins are cross-cutting; app.ts hands them what they need from features.',
            },
            {
              target: './packages/contracts',
              from: './apps',
              message: 'Contracts are the wire shapes only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/ui/**'],
    rules: restrictImports(kitLibraries, retiredLibraries),
  },
  {
    files: legacyUiImports,
    rules: restrictImports(kitLibraries),
  },
  {
    files: ['apps/web/src/components/ui/**/*.{ts,tsx}'],
    rules: restrictImports(retiredLibraries),
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
