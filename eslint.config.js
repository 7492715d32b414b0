import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

const WEB_AREAS = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The server's areas are its folders but the shared ones: db/, lib/ and plugins/ serve every area,
// test/ holds what every area's tests use.
const SERVER_SHARED = ['db', 'lib', 'plugins', 'test'];
const SERVER_AREAS = fs
  .readdirSync(new URL('./apps/server/src', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !SERVER_SHARED.includes(d.name))
  .map((d) => d.name);
const serverDir = (name) => `./apps/server/src/${name}`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // No import cycles anywhere: a cycle means two modules are one concern, or one should be lifted.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Modules of these kinds are read when following imports (the default is .js only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/shared/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The web app's layers: app/ composes the features; features use components/, lib/ and config/;
  // those shared pieces never reach back into a feature or into app/ (bulletproof-react's zones).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: ['components', 'lib', 'config'].map((shared) => ({
            target: `./apps/web/src/${shared}`,
            from: ['./apps/web/src/features', './apps/web/src/app'],
            message: `${shared}/ is shared by every area: pass what it needs in (props, a registry) instead of importing features/ or app/.`,
          })),
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
  // Areas do not import each other, so each can change alone: shared needs go to components/, lib/ or
  // packages/shared, and app/ composes what one area offers another (app/area-actions.ts).
  ...WEB_AREAS.map((area) => ({
    files: [`apps/web/src/features/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: WEB_AREAS.filter((other) => other !== area).flatMap((other) => [
                `@/features/${other}`,
                `@/features/${other}/**`,
                `../${other}/**`,
                `../../${other}/**`,
                `../../../${other}/**`,
              ]),
              message: 'Areas do not import each other; lift shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  // The server's areas do not import each other either: what several need lives in db/ or lib/,
  // and those never reach into an area. app.ts composes the areas' routes.
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...SERVER_AREAS.map((area) => ({
              target: serverDir(area),
              from: SERVER_AREAS.filter((other) => other !== area).map(serverDir),
              message: 'Server areas do not import each other; lift what both need to db/ or lib/.',
            })),
            // db/seed/ composes the areas into a demo office (as app.ts composes their routes).
            ...['db/*.ts', 'db/!(seed)/**', 'lib', 'plugins'].map((shared) => ({
              target: serverDir(shared),
              from: SERVER_AREAS.map(serverDir),
              message: `${shared.split('/')[0]}/ serves every area: it never imports one.`,
            })),
          ],
        },
      ],
    },
  },
  // A landed migration is history, not a library: running code takes nothing from it.
  {
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/db/migrate.ts', 'apps/server/src/db/migrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/migrations/*', '**/db/migrations/*'],
              message: 'Only db/migrate.ts imports migrations; put what running code needs in db/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
