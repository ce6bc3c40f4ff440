import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (under flock /tmp/moyan-migrations.lock) writes SQL migrations that
// server/db/migrate.ts applies at start-up on both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
