import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Pact consumer tests. Files run one at a time: they all write the same pact file (moyan-web -> moyan-api).
export default defineConfig({
  // The UI's own modules (src/features/chat/stream-completion.ts) import through '@/' and '@common/', as in vite.config.ts.
  resolve: {
    alias: { '@': fileURLToPath(new URL('../src', import.meta.url)), '@common': fileURLToPath(new URL('../common', import.meta.url)) },
  },
  test: {
    name: 'contract',
    environment: 'node',
    include: ['contracts/**/*.pact.test.ts'],
    setupFiles: ['contracts/setup.ts'],
    globalSetup: ['contracts/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
  },
});
