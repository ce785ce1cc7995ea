import fs from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Front-end layers (bulletproof-react): src/app composes features; a feature imports only
// src/components, src/lib and itself; src/components and src/lib import no feature and not the
// app. One zone per feature, read from the folder, so a new feature is fenced in at once.
const features = fs.readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const boundaryZones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature may not import another feature: move the shared piece to src/components or src/lib, or compose the two in src/app.',
  })),
  {
    target: ['./src/features', './src/components', './src/lib'],
    from: './src/app',
    message: 'Only src/app (and main.tsx) may import the app layer.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: './src/features',
    message: 'Shared code may not import a feature.',
  },
];

export default defineConfig([
  globalIgnores([
    'dist',
    'node_modules',
    'src/lib/api/schema.d.ts',
    'src/lib/api/access.gen.ts',
    'test-results',
    'playwright-report',
    'e2e/test-results',
    'e2e/report',
    // Files that break the boundary rules on purpose; src/test/boundaries.test.ts lints them.
    'src/test/fixtures',
  ]),
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle follows imports by parsing each file it reaches: TypeScript needs its parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js', 'playwright.config.ts', 'scripts/**/*.{js,mjs}', 'e2e/**/*.{ts,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures hand their value to a callback named `use`; it is not React's hook.
    files: ['playwright.config.ts', 'e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
]);
