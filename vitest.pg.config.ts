import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// `npm run test:pg`, with TEST_DATABASE_URL naming a PostgreSQL server whose role may create databases (.ci/run
// starts one with scripts/ci-postgres.sh). Two projects:
//   node-pg  the server tests of vite.config.ts's node project again, each file on its own fresh database there
//            (server/test/database.ts), less the files that always use the embedded database or none (the
//            engines) and would only repeat `npm test`;
//   pg       the tests that need PostgreSQL (server/**/*.pg.test.ts: the API and separate `npm run worker`
//            processes on one database). Not part of `npm test`; without TEST_DATABASE_URL they fail and say so.
//   multi-process  two APIs and two workers behind nginx under a minute of load (server/multi-process.pg.test.ts):
//            `npm run test:pg` runs it on its own after the other two, so neither its figures nor the timing of the
//            crash tests depend on what runs beside it.

// vite.config.ts's node project settings, repeated rather than imported (Vite's native config loader will not
// take the extensionless import of another config file, and tsc refuses a .ts one).
const nodeTestSettings = {
  environment: 'node',
  isolate: false,
  unstubGlobals: true,
  unstubEnvs: true,
  setupFiles: 'server/test/worker-pool-setup.ts',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

const MULTI_PROCESS = 'server/multi-process.pg.test.ts';

const NO_POSTGRES = [
  'server/engines/**', // no engine touches the database
  'server/crash-safety.test.ts', // the real server on a DATA_DIR (worker-crash-safety.pg.test.ts is its PostgreSQL twin)
  'server/restart.test.ts',
  'server/cli-while-serving.test.ts',
  'server/cli.test.ts',
  'server/cli/check.test.ts',
  'server/cli/aigc.test.ts',
  'server/cli/ppt.test.ts',
  'server/backup-restore.test.ts', // `db backup`/`db restore` are for the embedded database (PostgreSQL: pg_dump)
  // The API fuzz's answers come from validation and the handlers; PGlite is PostgreSQL's own code, so a second run
  // here repeats `npm test`'s at about 80 s of CI time.
  'server/http/contract-fuzz.test.ts',
];

export default defineConfig({
  // The server imports the shared domain code through '@common/', as in vite.config.ts.
  resolve: { alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) } },
  test: {
    // Two files at a time even on 2 cores, as in vite.config.ts.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/test-file-watchdog.ts'],
    projects: [
      {
        // Inline projects inherit the root's resolve.alias (@common) only when they extend it.
        extends: true,
        test: {
          name: 'node-pg',
          ...nodeTestSettings,
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'server/**/*.pg.test.ts', ...NO_POSTGRES],
        },
      },
      {
        extends: true,
        test: {
          name: 'pg',
          ...nodeTestSettings,
          include: ['server/**/*.pg.test.ts'],
          exclude: [...configDefaults.exclude, MULTI_PROCESS],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'multi-process',
          ...nodeTestSettings,
          include: [MULTI_PROCESS],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
