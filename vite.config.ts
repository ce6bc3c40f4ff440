import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));
// Domain code the web app and the server share (common/README.md).
const common = fileURLToPath(new URL('./common', import.meta.url));
// Chakra's theme modules one by one (src/theme/system.ts takes only the recipes the app uses).
const chakraTheme = fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url));

// `npm run dev` answers every /api call from MSW in the browser. `npm run dev:server` turns MSW off and
// proxies /api to a running server (npm run serve) instead.
const apiTarget = process.env.MOYAN_API_PROXY;

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: { alias: { '@': src, '@common': common, 'chakra-theme': chakraTheme } },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: apiTarget ? { '/api': apiTarget, '/m': apiTarget, '/pay': apiTarget } : undefined,
  },
  test: {
    // Vitest's default is one worker fewer than the CPUs: on a 2-core CI machine, one test file at a time. Most
    // files wait on servers, child processes and timers, so two at a time there takes about 40 % less time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/test-file-watchdog.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Whole-app tests load each lazily split route on first visit.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // The server tests share a worker's loaded modules instead of loading the server afresh for each file
          // (about 3 s a file): the node project took 563 s instead of about 1 000 s on 2 cores. Each file still
          // builds its own app on its own database; stubbed globals and environment variables are put back after
          // every test.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'openapi/**/*.test.ts', 'scripts/**/*.test.ts', 'docs/**/*.test.ts'],
          // Tests that need a PostgreSQL server run with `npm run test:pg` (vitest.pg.config.ts).
          exclude: [...configDefaults.exclude, 'server/**/*.pg.test.ts'],
          // vitest.pg.config.ts repeats these settings for the server tests it runs on PostgreSQL.
          setupFiles: ['server/test/worker-pool-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
