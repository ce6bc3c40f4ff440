import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
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
    target: './server/engines',
    from: ['./server/handlers', './server/services', './server/db', './server/jobs', './server/app.ts'],
    message: 'Engines are pure functions of text and options: no HTTP, no database.',
  },
  { target: './server/services', from: './server/handlers', message: 'Services do not depend on HTTP handlers.' },
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
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
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
