import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Provider-side checks of the pacts that `npm run test:contract` wrote: the mutation tests (each broken
// answer must fail verification) and the README's list of provider states. Run after the consumer tests.
export default defineConfig({
  // The server imports the shared domain code through '@common/', as in vite.config.ts.
  resolve: { alias: { '@common': fileURLToPath(new URL('../common', import.meta.url)) } },
  test: {
    name: 'contract-provider',
    environment: 'node',
    include: ['contracts/**/*.provider.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
