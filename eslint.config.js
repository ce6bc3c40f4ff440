import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'check', 'aigc', 'rewrite', 'paper', 'ppt', 'chat', 'order'];

// Dependencies run one way (STYLE.md): routes -> layout -> features -> shared (api, lib, stores, components).
// Features never import each other; shared code never imports a feature; engines stay pure.
const zones = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; move shared code to src/lib or src/components.',
  })),
  ...['./src/lib', './src/stores', './src/api', './src/components'].map((target) => ({
    target,
    from: ['./src/features', './src/layout', './src/routes'],
    message: 'Shared code never imports a feature, the layout or a route.',
  })),
  { target: './src/features', from: ['./src/routes', './src/layout'], message: 'Features do not import routes or the layout.' },
  { target: './src', from: './server', message: 'The web app talks to the server only through the contract.' },
  { target: './server', from: './src', message: 'The server does not import web code; code both sides use belongs in common/.' },
  {
    target: './common',
    from: ['./src', './server', './mocks', './contracts', './e2e', './bench', './scripts'],
    message: 'common/ is the ground floor: it imports neither the web app nor the server.',
  },
  { target: './server', from: './mocks', message: 'The server does not import web code.' },
  {
    target: './server',
    from: './contracts',
    message: 'The server does not import the Pact tests or their provider states; test tooling registers itself from the test side.',
  },
  // Server layers run one way: handlers -> services -> engines and db; the Compute port stands between
  // services and the worker pool, which runs engines only.
  {
    target: './server/engines',
    from: ['./server/handlers', './server/services', './server/db', './server/jobs', './server/workers', './server/app.ts', './server/compute.ts'],
    message: 'Engines are pure functions of text and options: no HTTP, no database, no services, no workers.',
  },
  { target: './server/services', from: ['./server/handlers', './server/http'], message: 'Services do not depend on HTTP handlers.' },
  {
    target: './server/services',
    from: './server/workers',
    message: 'Services reach engine work through the Compute port (deps.compute), never the worker pool.',
  },
  { target: './server/jobs', from: ['./server/handlers', './server/http', './server/workers'], message: 'Jobs run services and the Compute port, not handlers or the pool.' },
  {
    target: './server/workers',
    from: './server',
    except: ['./workers', './engines', './compute.ts', './config.ts'],
    message: 'Workers run engines only (through the Compute port); never services, handlers, jobs or the database.',
  },
  { target: './server/db', from: ['./server/handlers', './server/services', './server/jobs', './server/workers'], message: 'The database layer knows no service.' },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'data/**',
      'coverage/**',
      'openapi/gen/**',
      'src/api/gen/**',
      'mocks/gen/**',
      'server/gen/**',
      'src/routeTree.gen.ts',
      'public/mockServiceWorker.js',
      'e2e/artifacts/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    // The TypeScript resolver follows tsconfig's paths (@/, @common/), so the zones see every import.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
