import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { listenOn } from './listen';

// The connection each process hears other processes' token revocations on (services/accounts/tokens.ts): messages
// arrive, and when PostgreSQL drops the connection it is opened again and the loss reported, so the cache is cleared.
// Runs with `npm run test:pg` (needs TEST_DATABASE_URL).

const serverUrl = process.env.TEST_DATABASE_URL;

describe('listenOn: NOTIFYs from other connections, and a lost connection reported and reopened', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let other: pg.Client | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl);
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
  });

  afterAll(async () => {
    await other?.end();
    await database?.drop();
  });

  it('passes each payload on, reports a dropped connection once it is back, and hears messages again', async () => {
    const heard: string[] = [];
    let missed = 0;
    const listener = listenOn({ connectionString: database?.url }, 'moyan_test_channel', {
      onMessage: (payload) => heard.push(payload),
      onMissed: () => missed++,
    });
    const listening = async () =>
      (await other?.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where query ilike 'listen %moyan_test_channel%'`))?.rows[0].n ?? 0;
    const until = async (what: string, done: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 15_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`${what}: heard ${JSON.stringify(heard)}, missed ${missed}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      await until('listening', async () => (await listening()) === 1);
      await other?.query(`select pg_notify('moyan_test_channel', 't:abc')`);
      await until('the first message', () => heard.length === 1);
      expect(heard).toEqual(['t:abc']);
      expect(missed).toBe(0);

      await other?.query(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %moyan_test_channel%'`);
      await until('the loss reported after reconnecting', () => missed === 1);
      await until('listening again', async () => (await listening()) === 1);
      await other?.query(`select pg_notify('moyan_test_channel', 'u:42')`);
      await until('the message after reconnecting', () => heard.length === 2);
      expect(heard).toEqual(['t:abc', 'u:42']);
      await listener.close();
      await until('the connection closed', async () => (await listening()) === 0);
    } finally {
      await listener.close();
    }
  }, 60_000);
});
